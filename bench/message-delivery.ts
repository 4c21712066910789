// (i) A chat message reaching the other member's websocket (issue 21): from the moment A's
// POST /api/messages is sent to B's socket receiving new_message, on PostgreSQL, one message at a time,
// with a few other conversations writing alongside so the projector's batches are not always of one. The
// clients live in a child process, as every other bench's load does.
import { fork } from 'node:child_process';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import type { BenchResult } from './support.js';
import { benchServerEnv, freshDatabase, inBatches, percentile } from './support.js';

const MESSAGES = 200;
const PAIRS = 10;

export const benchMessageDelivery = async (): Promise<BenchResult> => {
  const database = await freshDatabase('messages');
  const server = await startServer(benchServerEnv(database.url));
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
    // The sockets and the POSTs run in a child process (message-delivery-clients.ts); B of the first pair
    // is the receiver measured, every other pair writes alongside.
    const child = fork(new URL('./message-delivery-clients.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
    const samples = await new Promise<number[]>((resolve, reject) => {
      child.once('message', (message: { type: 'samples'; samples: number[] }) => resolve(message.samples));
      child.once('exit', (code) => reject(new Error(`the clients' process exited with ${code}`)));
      child.send({
        type: 'start',
        url: server.url,
        messages: MESSAGES,
        pairs: conversations.map(({ a, b, id }) => ({ aCookie: a.cookie, bCookie: b.cookie, conversationId: id })),
      });
    });
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
    await server.close();
    await database.drop();
  }
};
