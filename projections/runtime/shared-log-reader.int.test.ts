import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestEventStore, type TestEventStore } from '../../test/support/test-event-store.js';
import type { Checkpoint, EventStore, ReadAllOptions } from '../../eventstore/types.js';
import { createSharedLogReader } from './shared-log-reader.js';

let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('shared_log_reader');
});
afterAll(async () => {
  await fixture?.close();
});

const event = (i: number) => ({
  type: 'Counted',
  data: { i },
  metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
});

const appendSome = async (store: EventStore, n: number) => {
  for (let i = 0; i < n; i++) await store.append(`counter-${i % 7}-${randomUUID().slice(0, 4)}`, [event(i)]);
};

/** The store, counting the queries that reach it. */
const counting = (store: EventStore) => {
  const calls: ReadAllOptions[] = [];
  return {
    calls,
    store: { compareCheckpoints: store.compareCheckpoints, readAll: (options: ReadAllOptions) => (calls.push(options), store.readAll(options)) },
  };
};

describe('the shared log reader', () => {
  it('answers every read with the next events the store would give, while the log grows', async () => {
    const { store } = fixture;
    const reader = createSharedLogReader(store, 40);
    await appendSome(store, 60);
    const seen: (Checkpoint | null)[] = [null];
    for (let round = 0; round < 120; round++) {
      const after = seen[Math.floor(Math.random() * seen.length)]!;
      const limit = 1 + Math.floor(Math.random() * 30);
      const [shared, direct] = [await reader({ after, limit }), await store.readAll({ after, limit })];
      // From memory a batch may end early, at the window's end: a prefix, never empty when the store has more.
      // The store's own later answer may be the shorter one for a moment: on a server shared with other
      // databases, a transaction of theirs that es_log_horizon cannot place holds the log back (never an
      // event skipped, decision 249), and the reader's events came from an earlier read of the store.
      if (direct.length > 0) expect(shared.length).toBeGreaterThan(0);
      const common = Math.min(shared.length, direct.length);
      expect(shared.slice(0, common).map((e) => e.checkpoint)).toEqual(direct.slice(0, common).map((e) => e.checkpoint));
      expect(shared.slice(0, common)).toEqual(direct.slice(0, common));
      seen.push(...direct.map((e) => e.checkpoint));
      if (round % 20 === 0) {
        await appendSome(store, 10);
        reader.appended(); // as the runtime does on the store's append hint
      }
    }
  });

  it('lets readers at the same place share one query and serves readers inside its window from memory', async () => {
    const { store } = fixture;
    const head = (await store.readAll({ after: null, limit: 100_000 })).at(-1)?.checkpoint ?? null;
    await appendSome(store, 30);
    const { calls, store: countingStore } = counting(store);
    const reader = createSharedLogReader(countingStore);

    const together = await Promise.all(Array.from({ length: 8 }, () => reader({ after: head, limit: 100 })));
    expect(calls).toHaveLength(1);
    expect(together.every((events) => events.length === 30)).toBe(true);

    // A projector a few events behind the others reads from memory.
    const behind = await reader({ after: together[0]![9]!.checkpoint, limit: 100 });
    expect(behind.map((e) => (e.data as { i: number }).i)).toEqual(together[0]!.slice(10).map((e) => (e.data as { i: number }).i));
    expect(calls).toHaveLength(1);
    // At the end of the window, a reader asks the store again.
    await reader({ after: together[0]![29]!.checkpoint, limit: 100 });
    expect(calls).toHaveLength(2);
  });

  it('gives an empty answer again for a moment, without a query, until an append is announced', async () => {
    const { store } = fixture;
    const head = (await store.readAll({ after: null, limit: 100_000 })).at(-1)?.checkpoint ?? null;
    const { calls, store: countingStore } = counting(store);
    let clock = 1_000;
    const reader = createSharedLogReader(countingStore, 5_000, () => clock);

    expect(await reader({ after: head, limit: 100 })).toEqual([]);
    clock += 1;
    expect(await reader({ after: head, limit: 100 })).toEqual([]);
    expect(calls).toHaveLength(1);
    // Later than that, the database is asked again.
    clock += 5;
    expect(await reader({ after: head, limit: 100 })).toEqual([]);
    expect(calls).toHaveLength(2);
    // An announced append is read at once, however soon after the empty answer.
    await appendSome(store, 3);
    reader.appended();
    clock += 1;
    expect(await reader({ after: head, limit: 100 })).toHaveLength(3);
    expect(calls).toHaveLength(3);
  });

  it('does not hand a reader woken by an append the answer of a query sent before it', async () => {
    const { store } = fixture;
    const head = (await store.readAll({ after: null, limit: 100_000 })).at(-1)?.checkpoint ?? null;
    // A store whose first query is held open until the test lets it answer (what it saw when sent).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const reader = createSharedLogReader({
      compareCheckpoints: store.compareCheckpoints,
      readAll: async (options) => {
        if (!first) return store.readAll(options);
        first = false;
        const seen = await store.readAll(options);
        await held;
        return seen;
      },
    });

    const early = reader({ after: head, limit: 100 });
    await sleep(20); // the early query has read the log: it found nothing
    await appendSome(store, 2);
    reader.appended();
    const woken = reader({ after: head, limit: 100 });
    release();
    expect(await early).toEqual([]);
    expect(await woken).toHaveLength(2);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
