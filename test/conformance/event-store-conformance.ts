// The event-store conformance suite (DESIGN.md §3): every adapter must pass it unchanged.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '../../eventstore/types.js';
import type { EventStore } from '../../eventstore/types.js';
import { collect, events, expectRejection, headOf, readAllAfter, sleep, waitFor } from './conformance-helpers.js';
import type { ConformanceAdapter, ConformanceTarget } from './conformance-helpers.js';
import { concurrentWritersCases } from './concurrent-writers-cases.js';
import { multiStreamCases } from './multi-stream-cases.js';
import { readLogCases } from './read-log-cases.js';
import { retryAndWakeCases } from './retry-and-wake-cases.js';

export function eventStoreConformance(adapter: ConformanceAdapter): void {
  describe(`event store conformance: ${adapter.name}`, () => {
    let target: ConformanceTarget;
    let store: EventStore;
    const run = randomUUID().slice(0, 8);
    let n = 0;
    const stream = (label: string) => `${label}-${run}-${++n}`;

    beforeAll(async () => {
      target = await adapter.open();
      store = target.store;
    });
    afterAll(async () => {
      await target?.close();
    });

    it('creates a stream with no_stream and refuses no_stream once it exists', async () => {
      const id = stream('no-stream');
      const first = await store.append(id, events(2), { expectedRevision: 'no_stream' });
      expect(first.nextExpectedRevision).toBe(1n);
      const error = await expectRejection(store.append(id, events(1), { expectedRevision: 'no_stream' }), WrongExpectedVersionError);
      expect(error.actual).toBe(1n);
      expect(error.streamId).toBe(id);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('appends with any whether or not the stream exists', async () => {
      const id = stream('any');
      expect((await store.append(id, events(1), { expectedRevision: 'any' })).nextExpectedRevision).toBe(0n);
      expect((await store.append(id, events(3))).nextExpectedRevision).toBe(3n);
      expect((await store.readStream(id)).map((e) => e.streamPosition)).toEqual([0n, 1n, 2n, 3n]);
    });

    it('refuses stream_exists on a missing stream and accepts it on an existing one', async () => {
      const id = stream('exists');
      const error = await expectRejection(store.append(id, events(1), { expectedRevision: 'stream_exists' }), WrongExpectedVersionError);
      expect(error.actual).toBe('no_stream');
      expect(await store.readStream(id)).toEqual([]);
      await store.append(id, events(1), { expectedRevision: 'no_stream' });
      expect((await store.append(id, events(1), { expectedRevision: 'stream_exists' })).nextExpectedRevision).toBe(1n);
    });

    it('appends at the exact revision and reports the actual revision on a mismatch', async () => {
      const id = stream('exact');
      const missing = await expectRejection(store.append(id, events(1), { expectedRevision: 0n }), WrongExpectedVersionError);
      expect(missing.actual).toBe('no_stream');
      await store.append(id, events(3), { expectedRevision: 'no_stream' });
      expect((await store.append(id, events(1), { expectedRevision: 2n })).nextExpectedRevision).toBe(3n);
      const stale = await expectRejection(store.append(id, events(1), { expectedRevision: 2n }), WrongExpectedVersionError);
      expect(stale.actual).toBe(3n);
      expect(stale.expected).toBe(2n);
      const ahead = await expectRejection(store.append(id, events(1), { expectedRevision: 9n }), WrongExpectedVersionError);
      expect(ahead.actual).toBe(3n);
      expect(await store.readStream(id)).toHaveLength(4);
    });

    it('lets exactly one of several concurrent appends at the same revision win', async () => {
      const id = stream('race');
      await store.append(id, events(1), { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(id, events(1), { expectedRevision: 0n })));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(losers).toHaveLength(7);
      for (const loser of losers) {
        expect(loser.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect((loser.reason as WrongExpectedVersionError).actual).toBe(1n);
      }
      const created = stream('race-new');
      const creations = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(created, events(1), { expectedRevision: 'no_stream' })));
      expect(creations.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(created)).toHaveLength(1);
    });

    it('reads a whole stream in order, a range of it, and nothing for a missing stream', async () => {
      const id = stream('read');
      const appended = events(10);
      await store.append(id, appended.slice(0, 4), { expectedRevision: 'no_stream' });
      await store.append(id, appended.slice(4), { expectedRevision: 3n });
      const all = await store.readStream(id);
      expect(all.map((e) => e.metadata.eventId)).toEqual(appended.map((e) => e.metadata.eventId));
      expect(all.map((e) => e.streamPosition)).toEqual(appended.map((_, i) => BigInt(i)));
      expect(all[5]).toMatchObject({ streamId: id, type: 'ThingHappened', data: { i: 5 } });
      expect(all[5]!.metadata).toEqual(appended[5]!.metadata);
      const range = await store.readStream(id, { from: 3n, to: 6n });
      expect(range.map((e) => e.streamPosition)).toEqual([3n, 4n, 5n, 6n]);
      expect((await store.readStream(id, { from: 8n })).map((e) => e.streamPosition)).toEqual([8n, 9n]);
      expect(await store.readStream(id, { from: 10n })).toEqual([]);
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('stores a retried append once and answers it with the original result', async () => {
      const id = stream('idempotent');
      const batch = events(3);
      const first = await store.append(id, batch, { expectedRevision: 'no_stream' });
      const head = await headOf(store);
      expect(await store.append(id, batch, { expectedRevision: 'no_stream' })).toEqual(first);
      expect(await store.append(id, batch, { expectedRevision: 'any' })).toEqual(first);
      const next = await store.append(id, events(1), { expectedRevision: 2n });
      // The retry of an append that was followed by others still answers with its own result.
      expect(await store.append(id, batch, { expectedRevision: 'no_stream' })).toEqual(first);
      expect(await store.readStream(id)).toHaveLength(4);
      expect(await readAllAfter(store, head)).toHaveLength(1);
      expect(next.nextExpectedRevision).toBe(3n);
    });

    it('pages through the global log in an order consistent with every stream', async () => {
      const head = await headOf(store);
      const ids = [stream('page-a'), stream('page-b'), stream('page-c')];
      const written: string[] = [];
      for (let i = 0; i < 15; i++) {
        const batch = events(1 + (i % 3));
        await store.append(ids[i % 3]!, batch);
        written.push(...batch.map((e) => e.metadata.eventId));
      }
      const pages: number[] = [];
      const read = [];
      let cursor = head;
      for (;;) {
        const page = await store.readAll({ after: cursor, limit: 7 });
        if (page.length === 0) break;
        pages.push(page.length);
        read.push(...page);
        cursor = page[page.length - 1]!.checkpoint;
      }
      expect(read.map((e) => e.metadata.eventId)).toEqual(written);
      expect(pages.slice(0, -1).every((size) => size === 7)).toBe(true);
      for (let i = 1; i < read.length; i++) {
        expect(store.compareCheckpoints(read[i - 1]!.checkpoint, read[i]!.checkpoint)).toBeLessThan(0);
        expect(read[i - 1]!.globalPosition < read[i]!.globalPosition).toBe(true);
      }
      for (const id of ids) {
        const positions = read.filter((e) => e.streamId === id).map((e) => e.streamPosition);
        expect(positions).toEqual(positions.map((_, i) => BigInt(i)));
      }
      const last = read[read.length - 1]!;
      expect(await store.readAll({ after: last.checkpoint, limit: 10 })).toEqual([]);
    });

    it('returns the checkpoint of the last appended event, which readers reach', async () => {
      const id = stream('checkpoint');
      const head = await headOf(store);
      const result = await store.append(id, events(2));
      const read = await readAllAfter(store, head);
      expect(read.map((e) => e.streamId)).toEqual([id, id]);
      expect(read[1]!.checkpoint).toBe(result.checkpoint);
      expect(store.compareCheckpoints(read[0]!.checkpoint, result.checkpoint)).toBeLessThan(0);
    });

    it('counts the events after a checkpoint', async () => {
      const head = await headOf(store);
      expect(await store.countAfter(head)).toBe(0);
      await store.append(stream('count'), events(4));
      await store.append(stream('count'), events(3));
      expect(await store.countAfter(head)).toBe(7);
      const read = await readAllAfter(store, head);
      expect(await store.countAfter(read[3]!.checkpoint)).toBe(3);
      expect(await store.countAfter(read[6]!.checkpoint)).toBe(0);
      expect(await store.countAfter(null)).toBeGreaterThanOrEqual(7);
    });

    it('compares checkpoints in log order with null first', async () => {
      await store.append(stream('compare'), events(2));
      const [a, b] = (await readAllAfter(store, null)).slice(-2).map((e) => e.checkpoint);
      expect(store.compareCheckpoints(a!, b!)).toBeLessThan(0);
      expect(store.compareCheckpoints(b!, a!)).toBeGreaterThan(0);
      expect(store.compareCheckpoints(a!, a!)).toBe(0);
      expect(store.compareCheckpoints(null, a!)).toBeLessThan(0);
      expect(store.compareCheckpoints(a!, null)).toBeGreaterThan(0);
      expect(store.compareCheckpoints(null, null)).toBe(0);
    });

    it('resumes a subscription from a checkpoint without repeating or losing events', async () => {
      const head = await headOf(store);
      const id = stream('resume');
      await store.append(id, events(6));
      const first = collect(store, head, 2);
      await waitFor(() => first.seen.length >= 6, 10_000, 'the first subscription');
      await first.stop();
      const stopAt = first.seen[2]!;
      const second = collect(store, stopAt.checkpoint);
      await store.append(id, events(2));
      await waitFor(() => second.seen.length >= 5, 10_000, 'the resumed subscription');
      await sleep(100);
      await second.stop();
      expect(second.seen.map((e) => e.streamPosition)).toEqual([3n, 4n, 5n, 6n, 7n]);
    });

    it('wakes a subscriber on another store of the same log when events are appended', async () => {
      const other = await target.openSecondStore();
      try {
        const head = await headOf(store);
        const live = collect(other, head);
        await sleep(200); // let it catch up and go to sleep
        const id = stream('wake');
        await store.append(id, events(1));
        await waitFor(() => live.seen.length === 1, 10_000, 'the other store to be woken');
        await live.stop();
        expect(live.seen[0]!.streamId).toBe(id);
      } finally {
        await other.close();
      }
    });

    it('ends a subscription when its signal aborts, also while it waits for events', async () => {
      const head = await headOf(store);
      const live = collect(store, head);
      await sleep(100);
      const started = Date.now();
      await live.stop();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(live.seen).toEqual([]);
      const aborted = new AbortController();
      aborted.abort();
      const iterator = store.subscribeAll({ from: null, signal: aborted.signal })[Symbol.asyncIterator]();
      expect((await iterator.next()).done).toBe(true);
    });

    concurrentWritersCases(adapter, () => ({ target, store, stream }));
    multiStreamCases(() => ({ store, stream }));
    retryAndWakeCases(() => ({ target, store, stream }));
    readLogCases(() => ({ store }));
  });
}
