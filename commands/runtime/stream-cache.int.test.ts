import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decider } from '../../domain/shared.js';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import { createSqlEventStore } from '../../eventstore/sql-event-store.js';
import type { EventStore, ReadStreamsOptions } from '../../eventstore/types.js';
import { newEvent } from '../../test/conformance/conformance-helpers.js';
import { foldStream } from './stream-states.js';
import { createStreamCache } from './stream-cache.js';
import type { ReadModelsDb } from '../../projections/read-models.js';
import { openBlankPglite } from '../../test/support/blank-pglite.js';

type Added = { type: 'Added'; data: { n: number } };
const summing: Decider<{ total: number; seen: number[] }, never, Added> = {
  initialState: () => ({ total: 0, seen: [] }),
  evolve: (state, event) => ({ total: state.total + event.data.n, seen: [...state.seen, event.data.n] }),
  decide: () => [],
};

describe('stream cache', () => {
  let sql: SqlDatabase<ReadModelsDb>;
  let store: EventStore;
  /** What each readStreams call asked for and how many events it got back. */
  const calls: { after: [string, bigint][]; events: number }[] = [];
  let watched: EventStore;
  beforeAll(async () => {
    sql = await openBlankPglite<ReadModelsDb>();
    store = await createSqlEventStore(sql);
    watched = {
      ...store,
      async readStreams(ids: readonly string[], options?: ReadStreamsOptions) {
        const read = await store.readStreams(ids, options);
        calls.push({ after: [...(options?.after ?? new Map())], events: [...read.values()].reduce((n, e) => n + e.length, 0) });
        return read;
      },
    };
  });
  afterAll(async () => {
    await store?.close();
    await sql?.close();
  });

  const add = (stream: string, ...ns: number[]) =>
    store.append(
      stream,
      ns.map((n) => newEvent('Added', { n })),
    );

  it('folds a stream once and afterwards reads only the events appended since', async () => {
    const cache = createStreamCache(summing);
    await add('cache-a', 1, 2, 3);
    calls.length = 0;
    const first = (await cache.load(watched, ['cache-a', 'cache-missing']))!;
    expect(first.get('cache-a')).toEqual({ state: { total: 6, seen: [1, 2, 3] }, revision: 2n });
    expect(first.get('cache-missing')).toEqual({ state: { total: 0, seen: [] }, revision: null });

    await add('cache-a', 10);
    const second = await cache.load(watched, ['cache-a']);
    expect(second.get('cache-a')).toEqual({ state: { total: 16, seen: [1, 2, 3, 10] }, revision: 3n });
    const unchanged = await cache.load(watched, ['cache-a']);
    expect(unchanged.get('cache-a')).toEqual(second.get('cache-a'));

    expect(calls).toEqual([
      { after: [], events: 3 },
      { after: [['cache-a', 2n]], events: 1 },
      { after: [['cache-a', 3n]], events: 0 },
    ]);
    // The same answer as folding the whole stream.
    expect(second.get('cache-a')).toEqual(foldStream(summing, await store.readStream('cache-a')));
  });

  it('folds each load onto what was known when it started, whatever a concurrent load remembered meanwhile', async () => {
    const cache = createStreamCache(summing);
    await add('cache-b', 1);
    await cache.load(store, ['cache-b']);
    await add('cache-b', 2);
    // Both start from revision 0; the second also sees an event appended between the two starts.
    const early = cache.load(store, ['cache-b']);
    const appended = add('cache-b', 4);
    const late = appended.then(() => cache.load(store, ['cache-b']));
    const [a, b] = await Promise.all([early, late]);
    expect([3, 7]).toContain(a.get('cache-b')!.state.total);
    expect(b.get('cache-b')).toEqual({ state: { total: 7, seen: [1, 2, 4] }, revision: 2n });
    expect((await cache.load(store, ['cache-b'])).get('cache-b')!.state.seen).toEqual([1, 2, 4]);
  });

  it('stays exact past its size, folding a forgotten stream again from the start', async () => {
    const cache = createStreamCache(summing, 2);
    for (const id of ['cache-c1', 'cache-c2', 'cache-c3']) await add(id, 5, 5);
    for (const id of ['cache-c1', 'cache-c2', 'cache-c3']) await cache.load(store, [id]);
    calls.length = 0;
    await add('cache-c1', 1);
    const again = await cache.load(watched, ['cache-c1', 'cache-c3']);
    expect(again.get('cache-c1')).toEqual({ state: { total: 11, seen: [5, 5, 1] }, revision: 2n });
    expect(again.get('cache-c3')!.state.total).toBe(10);
    // c1 was the oldest entry and was dropped; c3 is still known.
    expect(calls).toEqual([{ after: [['cache-c3', 1n]], events: 3 }]);
  });
});
