// The part of the suite about several streams at once: appendMany (all or nothing on 'atomic' stores,
// a prefix on 'in-order' ones) and readStreams.
import { expect, it } from 'vitest';
import { WrongExpectedVersionError, type EventStore, type RecordedEvent } from '../../eventstore/types.js';
import { collect, events, expectRejection, headOf, newEvent, readAllAfter, sleep, waitFor } from './conformance-helpers.js';

interface Context {
  store: EventStore;
  stream(label: string): string;
}

const WRITERS = 8;
const APPENDS_PER_WRITER = 40;

export function multiStreamCases(context: () => Context): void {
  it('appends to several streams at their own revisions and reads them back in one call', async () => {
    const { store, stream } = context();
    const [a, b, c, missing] = [stream('many-a'), stream('many-b'), stream('many-c'), stream('many-missing')];
    await store.append(a, events(2), { expectedRevision: 'no_stream' });
    const head = await headOf(store);
    const results = await store.appendMany([
      { streamId: a, events: events(1), expectedRevision: 1n },
      { streamId: b, events: events(2), expectedRevision: 'no_stream' },
      { streamId: c, events: events(1) },
    ]);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([2n, 1n, 0n]);

    const read = await store.readStreams([a, b, c, missing]);
    expect([...read.keys()].sort()).toEqual([a, b, c, missing].sort());
    expect(read.get(a)!.map((e) => e.streamPosition)).toEqual([0n, 1n, 2n]);
    expect(read.get(b)!.map((e) => e.streamPosition)).toEqual([0n, 1n]);
    expect(read.get(c)).toHaveLength(1);
    expect(read.get(missing)).toEqual([]);
    expect(read.get(b)).toEqual(await store.readStream(b));
    // Each result's checkpoint is that of its stream's last event, which readers of the log reach.
    expect(results[0]!.checkpoint).toBe(read.get(a)![2]!.checkpoint);
    expect(results[1]!.checkpoint).toBe(read.get(b)![1]!.checkpoint);
    const logged = await readAllAfter(store, head);
    expect(logged.map((e) => e.streamId).sort()).toEqual([a, b, b, c].sort());
  });

  it('refuses a multi-stream append on a revision that does not match, writing nothing after the conflict', async () => {
    const { store, stream } = context();
    const [fresh, absent, existing, other] = [stream('conflict-fresh'), stream('conflict-absent'), stream('conflict-existing'), stream('conflict-other')];
    await store.append(existing, events(1), { expectedRevision: 'no_stream' });

    const late = await expectRejection(
      store.appendMany([
        { streamId: fresh, events: events(1), expectedRevision: 'no_stream' },
        { streamId: absent, events: events(1), expectedRevision: 4n },
      ]),
      WrongExpectedVersionError,
    );
    expect(late.streamId).toBe(absent);
    expect(late.actual).toBe('no_stream');
    expect(await store.readStream(absent)).toEqual([]);
    // All or nothing where the store has transactions across streams; the prefix before the conflict otherwise.
    expect(await store.readStream(fresh)).toHaveLength(store.multiStreamAppend === 'atomic' ? 0 : 1);

    const first = await expectRejection(
      store.appendMany([
        { streamId: existing, events: events(1), expectedRevision: 'no_stream' },
        { streamId: other, events: events(1), expectedRevision: 'no_stream' },
      ]),
      WrongExpectedVersionError,
    );
    expect(first.streamId).toBe(existing);
    expect(first.actual).toBe(0n);
    expect(await store.readStream(existing)).toHaveLength(1);
    expect(await store.readStream(other)).toEqual([]);
  });

  it('stores a retried multi-stream append once and answers it with the original results', async () => {
    const { store, stream } = context();
    const [a, b] = [stream('retry-a'), stream('retry-b')];
    const appends = [
      { streamId: a, events: events(2), expectedRevision: 'no_stream' as const },
      { streamId: b, events: events(1), expectedRevision: 'no_stream' as const },
    ];
    const first = await store.appendMany(appends);
    const head = await headOf(store);
    expect(await store.appendMany(appends)).toEqual(first);
    expect(await readAllAfter(store, head)).toEqual([]);
    expect((await store.readStreams([a, b])).get(a)).toHaveLength(2);
  });

  it('lets exactly one of several concurrent multi-stream appends creating the same stream win', async () => {
    const { store, stream } = context();
    const contested = stream('contested');
    const own = Array.from({ length: 8 }, (_, i) => stream(`contender-${i}`));
    const outcomes = await Promise.allSettled(
      own.map((mine) =>
        store.appendMany([
          { streamId: contested, events: events(1), expectedRevision: 'no_stream' },
          { streamId: mine, events: events(1), expectedRevision: 'no_stream' },
        ]),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const loser of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(loser.reason).toBeInstanceOf(WrongExpectedVersionError);
    }
    const read = await store.readStreams([contested, ...own]);
    expect(read.get(contested)).toHaveLength(1);
    expect(own.filter((id) => read.get(id)!.length > 0)).toHaveLength(1);
  });

  it(`delivers every event of ${WRITERS} writers' multi-stream appends over shared streams once, in stream order`, async () => {
    const { store, stream } = context();
    const head = await headOf(store);
    const live = collect(store, head);
    const shared = Array.from({ length: 6 }, () => stream('many-shared'));
    const appendedIds = new Set<string>();
    // Each append names three of the shared streams in a random order: the store must not deadlock
    // on the locks, nor let a reader see one stream's events out of order.
    const writer = async (w: number) => {
      for (let k = 0; k < APPENDS_PER_WRITER; k++) {
        const picked = [...shared].sort(() => Math.random() - 0.5).slice(0, 3);
        const appends = picked.map((streamId) => ({ streamId, events: [newEvent('Many', { w, k })] }));
        await store.appendMany(appends);
        for (const a of appends) appendedIds.add(a.events[0]!.metadata.eventId);
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    const total = WRITERS * APPENDS_PER_WRITER * 3;
    await waitFor(() => live.seen.length >= total, 60_000, `the subscriber to see ${total} events`);
    await sleep(100);
    await live.stop();
    expect(live.seen).toHaveLength(total);
    expect(new Set(live.seen.map((e) => e.metadata.eventId))).toEqual(appendedIds);
    expectContiguousStreams(live.seen);
    const read = await store.readStreams(shared);
    expect(shared.reduce((sum, id) => sum + read.get(id)!.length, 0)).toBe(total);
  });
}

function expectContiguousStreams(delivered: RecordedEvent[]): void {
  const next = new Map<string, bigint>();
  const violations: string[] = [];
  for (const event of delivered) {
    const expected = next.get(event.streamId) ?? 0n;
    if (event.streamPosition !== expected) violations.push(`${event.streamId}@${event.streamPosition}, expected @${expected}`);
    next.set(event.streamId, event.streamPosition + 1n);
  }
  expect(violations.slice(0, 10)).toEqual([]);
}
