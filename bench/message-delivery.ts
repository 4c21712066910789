// (i) A chat message reaching the other member's websocket (issue 21): from the moment A's
// POST /api/messages is sent to B's socket receiving new_message, on PostgreSQL, one message at a time,
// with a few other conversations writing alongside so the projector's batches are not always of one.
import WebSocket from 'ws';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import type { BenchResult } from './support.js';
import { benchServerEnv, freshDatabase, inBatches, percentile } from './support.js';

const MESSAGES = 200;
const PAIRS = 10;

export const benchMessageDelivery = async (): Promise<BenchResult> => {
  const database = await freshDatabase('messages');
  const server = await startServer(benchServerEnv(database.url));
  const sockets: WebSocket[] = [];
  try {
    const members = await inBatches(PAIRS * 2, 10, (i) => signIn(server.url, `chat${i}@bench.example`));
    const conversations = await Promise.all(
      Array.from({ length: PAIRS }, async (_, i) => {
        const [a, b] = [members[2 * i]!, members[2 * i + 1]!];
        const started = await a.post<{ conversation: { id: string } }>('/api/conversations', { participant1_id: a.memberId, participant2_id: b.memberId });
        if (started.status !== 201) throw new Error(`starting a conversation answered ${started.status}`);
        return { a, b, id: started.body.conversation.id };
      }),
    );
    const origin = new URL(server.url).origin;
    // B of the first pair is the receiver measured; every other B listens too (their deliveries are load).
    const waiting = new Map<string, (at: number) => void>();
    await Promise.all(
      conversations.map(
        ({ b }) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`, { headers: { cookie: b.cookie, origin } });
            sockets.push(socket);
            socket.on('message', (raw) => {
              const at = performance.now();
              const message = JSON.parse(raw.toString()) as { type: string; message?: { content: string } };
              if (message.type === 'connected') resolve();
              if (message.type === 'new_message' && message.message) waiting.get(message.message.content)?.(at);
            });
            socket.once('error', reject);
          }),
      ),
    );
    const [measured, ...others] = conversations;
    const send = async (pair: (typeof conversations)[number], content: string) => {
      const response = await pair.a.post('/api/messages', { conversation_id: pair.id, content });
      if (response.status !== 201) throw new Error(`sending answered ${response.status}: ${JSON.stringify(response.body)}`);
    };
    const deliver = async (i: number): Promise<number> => {
      const content = `Message ${i}`;
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`message ${i} did not arrive within 5 s`)), 5_000);
        waiting.set(content, (at) => (clearTimeout(timer), resolve(at)));
      });
      const sentAt = performance.now();
      // Another conversation writes at the same moment.
      await Promise.all([send(measured!, content), send(others[Math.abs(i) % others.length]!, `Alongside ${i}`)]);
      const at = await arrived;
      waiting.delete(content);
      return at - sentAt;
    };
    for (let i = -5; i < 0; i++) await deliver(i); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < MESSAGES; i++) samples.push(await deliver(i));
    const p99 = percentile(samples, 99);
    return {
      name: "A message reaching the other member's websocket",
      subject: `${MESSAGES} sequential messages of one conversation, each with a message of another conversation at the same moment; from sending the POST to the recipient's new_message`,
      baseline: 'none (an absolute latency target)',
      subjectValue: p99,
      baselineValue: percentile(samples, 50),
      unit: 'ms (p99; the baseline column shows p50)',
      ratio: 1,
      target: 'p99 <= 100 ms',
      pass: p99 <= 100,
      notes: `${samples.length} deliveries; max ${Math.round(Math.max(...samples))} ms`,
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.close();
    await database.drop();
  }
};
