// (h) A comment reaching 2,000 websockets of different members subscribed to its post: from the moment
// the comment's POST is sent to each socket's new_comment, on PostgreSQL. The sockets live in a child
// process (comment-fanout-sockets.ts); times are on the machine's clock in both processes.
import { fork, type ChildProcess } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import type { BenchResult } from './support.js';
import { benchServerEnv, freshDatabase, inBatches, percentile } from './support.js';

const MEMBERS = 2_000;
const COMMENTS = 30;

type ChildMessage = { type: 'ready'; sockets: number } | { type: 'arrived'; commentId: string; times: number[] };

const now = () => performance.timeOrigin + performance.now();

export const benchCommentFanout = async (): Promise<BenchResult> => {
  const database = await freshDatabase('fanout');
  const server = await startServer(benchServerEnv(database.url));
  let child: ChildProcess | null = null;
  try {
    const members = await inBatches(MEMBERS, 20, (i) => signIn(server.url, `fan${i}@bench.example`));
    const author = members[0]!;
    const post = await author.post<{ post: { id: string } }>('/api/feed-posts', {
      content: 'Who can explain #websockets fan-out?',
      category: 'development',
      urgency: 'high',
    });
    if (post.status !== 201) throw new Error(`creating the post answered ${post.status}: ${JSON.stringify(post.body)}`);
    const postId = post.body.post.id;

    child = fork(new URL('./comment-fanout-sockets.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
    const arrived = new Map<string, number[]>();
    const waiting = new Map<string, (times: number[]) => void>();
    const ready = new Promise<number>((resolve, reject) => {
      child!.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') resolve(message.sockets);
        else {
          arrived.set(message.commentId, message.times);
          waiting.get(message.commentId)?.(message.times);
        }
      });
      child!.once('exit', (code) => reject(new Error(`the sockets' process exited with ${code}`)));
    });
    // The server's memory per socket (docs/scaling.md): the heap after a full collection, before the sockets
    // open and once they are all subscribed (the sockets' own side lives in the child).
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const settledMemory = () => {
      collect();
      return process.memoryUsage();
    };
    const before = settledMemory();
    const origin = new URL(server.url).origin;
    child.send({ type: 'start', wsUrl: `${server.url.replace(/^http/, 'ws')}/ws`, origin, cookies: members.map((m) => m.cookie), postId });
    const sockets = await ready;
    const after = settledMemory();
    // The heap only: RSS and external memory move with the collector's own choices more than with 2,000 sockets.
    const heapPerSocket = (after.heapUsed - before.heapUsed) / sockets / 1024;

    const comment = async (i: number) => {
      const sentAt = now();
      const response = await members[1 + (i % (MEMBERS - 1))]!.post<{ comment: { id: string } }>('/api/comments', { post_id: postId, content: `Answer ${i}` });
      if (response.status !== 201) throw new Error(`comment answered ${response.status}: ${JSON.stringify(response.body)}`);
      const id = response.body.comment.id;
      const times =
        arrived.get(id) ??
        (await Promise.race([
          new Promise<number[]>((resolve) => waiting.set(id, resolve)),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`comment ${i} did not reach every socket within 10 s`)), 10_000)),
        ]));
      return times.map((at) => Math.max(0, at - sentAt));
    };
    await comment(-1); // warm-up
    const samples: number[] = [];
    const firsts: number[] = [];
    for (let i = 0; i < COMMENTS; i += 1) {
      const latencies = await comment(i);
      samples.push(...latencies);
      firsts.push(Math.min(...latencies));
    }
    const p99 = percentile(samples, 99);
    return {
      name: 'A comment reaching 2,000 subscribed websockets',
      subject: `${COMMENTS} sequential comments on one post; ${sockets} sockets of different members subscribed to it; from sending the POST to each socket's new_comment`,
      baseline: 'none (an absolute latency target)',
      subjectValue: p99,
      baselineValue: percentile(samples, 50),
      unit: 'ms (p99; the baseline column shows p50)',
      ratio: 1,
      target: 'p99 <= 100 ms',
      pass: p99 <= 100,
      // The first socket's time is the write, the projection and the NOTIFY; the rest is the fan-out itself.
      notes: `${samples.length} deliveries; max ${Math.round(Math.max(...samples))} ms; the first socket of a comment after ${Math.round(percentile(firsts, 50))} ms (median); the server's heap per subscribed socket ${heapPerSocket.toFixed(1)} kB (after a full collection)`,
    };
  } finally {
    child?.send({ type: 'stop' });
    await server.close();
    await database.drop();
  }
};
