// Small helpers shared by the conformance suite: event factories, waiting, and collecting a
// subscription in the background.
import { randomUUID } from 'node:crypto';
import type { AppendResult, Checkpoint, EventStore, EventToAppend, ExpectedRevision, RecordedEvent } from '../../eventstore/types.js';

/** An append kept open in its own transaction (PostgreSQL: its own connection) until commit(). */
export interface HeldAppend {
  result: AppendResult;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export interface ConformanceTarget {
  store: EventStore;
  /** A second store on the same log, waking only by notification (no polling) where it can. */
  openSecondStore(): Promise<EventStore>;
  beginHeldAppend?(streamId: string, events: EventToAppend[], expectedRevision: ExpectedRevision): Promise<HeldAppend>;
  close(): Promise<void>;
}

export interface ConformanceAdapter {
  name: string;
  /**
   * 'concurrent': held transactions run beside other writers (PostgreSQL).
   * 'serialised': a held transaction makes every other statement wait (PGlite's single connection).
   * 'none': appends are atomic server calls; nothing can be held open (EventStoreDB).
   */
  heldTransactions: 'concurrent' | 'serialised' | 'none';
  open(): Promise<ConformanceTarget>;
}

export const newEvent = (type: string, data: Record<string, unknown> = {}): EventToAppend => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    actorId: null,
    correlationId: randomUUID(),
    causationId: null,
    schemaVersion: 1,
  },
});

export const events = (n: number, type = 'ThingHappened'): EventToAppend[] => Array.from({ length: n }, (_, i) => newEvent(type, { i }));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** The checkpoint of the last event in the log right now (null for an empty log). */
export async function headOf(store: EventStore): Promise<Checkpoint | null> {
  let head: Checkpoint | null = null;
  for (;;) {
    const batch = await store.readAll({ after: head, limit: 1000 });
    if (batch.length === 0) return head;
    head = batch[batch.length - 1]!.checkpoint;
  }
}

export async function readAllAfter(store: EventStore, after: Checkpoint | null, pageSize = 1000): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const batch = await store.readAll({ after: cursor, limit: pageSize });
    out.push(...batch);
    if (batch.length === 0) return out;
    cursor = batch[batch.length - 1]!.checkpoint;
  }
}

/** Runs subscribeAll in the background, collecting events, until stop(). */
export function collect(store: EventStore, from: Checkpoint | null, batchSize?: number) {
  const controller = new AbortController();
  const seen: RecordedEvent[] = [];
  const done = (async () => {
    for await (const event of store.subscribeAll({ from, signal: controller.signal, ...(batchSize ? { batchSize } : {}) })) {
      seen.push(event);
    }
  })();
  return {
    seen,
    async stop() {
      controller.abort();
      await done;
    },
    done,
  };
}

export async function expectRejection<T>(promise: Promise<unknown>, type: new (...args: any[]) => T): Promise<T> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`Expected ${type.name}, but the call succeeded`);
}
