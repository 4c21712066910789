// The child process of the message bench: the members' sockets and POSTs, out of the server's process as
// every other bench's load is (in-process, the clients' parsing and the server's work share one event loop
// and one heap, and a pause of either is measured as the other's). Times are on the machine's clock.
import WebSocket from 'ws';

interface Pair {
  aCookie: string;
  bCookie: string;
  conversationId: string;
}

interface Start {
  type: 'start';
  url: string;
  pairs: Pair[];
  messages: number;
}

const send = async (start: Start, pair: Pair, content: string) => {
  const response = await fetch(`${start.url}/api/messages`, {
    method: 'POST',
    headers: { cookie: pair.aCookie, origin: new URL(start.url).origin, 'content-type': 'application/json' },
    body: JSON.stringify({ conversation_id: pair.conversationId, content }),
  });
  if (response.status !== 201) throw new Error(`sending answered ${response.status}: ${await response.text()}`);
};

const run = async (start: Start): Promise<number[]> => {
  const waiting = new Map<string, (at: number) => void>();
  const sockets = await Promise.all(
    start.pairs.map(
      (pair) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`${start.url.replace(/^http/, 'ws')}/ws`, { headers: { cookie: pair.bCookie, origin: new URL(start.url).origin } });
          socket.on('message', (raw) => {
            const at = performance.now();
            const message = JSON.parse(raw.toString()) as { type: string; message?: { content: string } };
            if (message.type === 'connected') resolve(socket);
            if (message.type === 'new_message' && message.message) waiting.get(message.message.content)?.(at);
          });
          socket.once('error', reject);
        }),
    ),
  );
  const [measured, ...others] = start.pairs;
  const deliver = async (i: number): Promise<number> => {
    const content = `Message ${i}`;
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`message ${i} did not arrive within 5 s`)), 5_000);
      waiting.set(content, (at) => (clearTimeout(timer), resolve(at)));
    });
    const sentAt = performance.now();
    // Another conversation writes at the same moment.
    await Promise.all([send(start, measured!, content), send(start, others[Math.abs(i) % others.length]!, `Alongside ${i}`)]);
    const at = await arrived;
    waiting.delete(content);
    return at - sentAt;
  };
  for (let i = -5; i < 0; i++) await deliver(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < start.messages; i++) samples.push(await deliver(i));
  for (const socket of sockets) socket.terminate();
  return samples;
};

process.on('message', (message: Start) => {
  run(message).then(
    (samples) => process.send!({ type: 'samples', samples }, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
