// Waits until every follower (read models, eventual ones included, and reactors) has applied the
// whole event log and the log has stopped growing: a test that then counts a page's requests sees no
// late live update from an earlier step (on a loaded CI machine a projection can trail the response
// that caused it, and a reactor can append after it).
import type { Checkpoint } from '../../eventstore/types.js';
import type { TestServer } from './test-server.js';

const PAGE = 1000;
const FOLLOWING: readonly string[] = ['starting', 'catching-up', 'live'];

const logHead = async (server: Pick<TestServer, 'store'>, from: Checkpoint | null): Promise<Checkpoint | null> => {
  let head = from;
  for (;;) {
    const batch = await server.store.readAll({ after: head, limit: PAGE });
    if (batch.length === 0) return head;
    head = batch.at(-1)!.checkpoint;
  }
};

export const readModelsSettled = async (server: Pick<TestServer, 'store' | 'runtime'>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let head = await logHead(server, null);
  for (;;) {
    const behind = (await server.runtime.status()).filter((f) => FOLLOWING.includes(f.status) && server.store.compareCheckpoints(f.checkpoint, head) < 0);
    const next = await logHead(server, head);
    if (behind.length === 0 && next === head) return;
    if (Date.now() > deadline) throw new Error(`Still behind the log after ${timeoutMs} ms: ${behind.map((f) => f.name).join(', ') || '(the log kept growing)'}`);
    head = next;
    // Polls the followers' memory (no query) every 20 ms: what they expose is a position, not an event.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
