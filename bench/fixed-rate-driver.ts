// An open-loop HTTP load at a fixed offered rate, in a process of its own (bench/booking-under-rebuild.ts starts it):
// request i is due at start + i / rate whatever the answers before it did, as independent members would
// send them, and its latency counts from when it was due, not from when it left. A closed-loop generator
// (wrk, autocannon) slows down when the server does and so hides the stall it should measure
// (coordinated omission). Each line of the file is one POST: `cookie<TAB>body`.
//
// Usage: node --import tsx bench/fixed-rate-driver.ts <lines file> <rate/s> <seconds> <url> <origin>
// Prints one JSON line: { samples: [dueAtEpochMs, latencyMs, status][] } (status 0 for a network error).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const [file, rateArg, secondsArg, url, origin] = process.argv.slice(2) as [string, string, string, string, string];
const rate = Number(rateArg);
const seconds = Number(secondsArg);
const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
const total = Math.min(lines.length, Math.floor(rate * seconds));
// Enough keep-alive connections that a slow answer never queues the next one behind it in the client.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
const target = new URL(url);
const samples: [number, number, number][] = [];
const startedAt = performance.now() + 50;
const epochOf = (at: number) => performance.timeOrigin + at;

const send = async (index: number, dueAt: number) => {
  const [cookie, body] = lines[index]!.split('\t') as [string, string];
  const status = await new Promise<number>((resolve) => {
    const sent = request(
      target,
      { method: 'POST', agent, headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
        answer.on('error', () => resolve(0));
      },
    );
    sent.on('error', () => resolve(0));
    sent.end(body);
  });
  samples.push([Math.round(epochOf(dueAt)), performance.now() - dueAt, status]);
};

const inFlight: Promise<void>[] = [];
let next = 0;
await new Promise<void>((resolve) => {
  const tick = () => {
    const now = performance.now();
    while (next < total && startedAt + (next * 1000) / rate <= now) {
      inFlight.push(send(next, startedAt + (next * 1000) / rate));
      next += 1;
    }
    if (next >= total) resolve();
    // A timer to the next due request, not a busy loop: the server under test shares the machine's cores.
    else setTimeout(tick, Math.max(0, startedAt + (next * 1000) / rate - performance.now()));
  };
  tick();
});
await Promise.all(inFlight);
agent.destroy();
process.stdout.write(`${JSON.stringify({ samples })}\n`);
