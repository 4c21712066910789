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

  it('decides concurrent multi-stream appends each on its own: a conflict or a retry answers only itself', async () => {
    const { store, stream } = context();
    const [existing, stored1, stored2] = [stream('own-existing'), stream('own-stored-1'), stream('own-stored-2')];
    await store.append(existing, events(1), { expectedRevision: 'no_stream' });
    const storedAppends = [
      { streamId: stored1, events: events(1), expectedRevision: 'no_stream' as const },
      { streamId: stored2, events: events(2), expectedRevision: 'no_stream' as const },
    ];
    const original = await store.appendMany(storedAppends);
    const [fresh1, fresh2, refused, alone] = [stream('own-fresh-1'), stream('own-fresh-2'), stream('own-refused'), stream('own-alone')];

    // Sent in one tick, so a store that groups concurrent appends groups these.
    const [ok, conflict, retried, single] = await Promise.allSettled([
      store.appendMany([
        { streamId: fresh1, events: events(1), expectedRevision: 'no_stream' },
        { streamId: fresh2, events: events(3), expectedRevision: 'no_stream' },
      ]),
      store.appendMany([
        { streamId: refused, events: events(1), expectedRevision: 'no_stream' },
        { streamId: existing, events: events(1), expectedRevision: 5n },
      ]),
      store.appendMany(storedAppends),
      store.appendMany([{ streamId: alone, events: events(2), expectedRevision: 'any' }]),
    ]);

    expect(ok.status === 'fulfilled' && ok.value.map((r) => r.nextExpectedRevision)).toEqual([0n, 2n]);
    expect(conflict.status === 'rejected' && conflict.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(conflict.status === 'rejected' && (conflict.reason as WrongExpectedVersionError).streamId).toBe(existing);
    expect(retried.status === 'fulfilled' && retried.value).toEqual(original);
    expect(single.status === 'fulfilled' && single.value.map((r) => r.nextExpectedRevision)).toEqual([1n]);

    const read = await store.readStreams([fresh1, fresh2, refused, existing, stored1, stored2, alone]);
    expect([fresh1, fresh2, existing, stored1, stored2, alone].map((id) => read.get(id)!.length)).toEqual([1, 3, 1, 1, 2, 2]);
    expect(read.get(refused)).toHaveLength(store.multiStreamAppend === 'atomic' ? 0 : 1);
  });

  it('answers concurrent readStreams calls each with its own streams', async () => {
    const { store, stream } = context();
    const [a, b, missing] = [stream('reads-a'), stream('reads-b'), stream('reads-missing')];
    await store.appendMany([
      { streamId: a, events: events(2), expectedRevision: 'no_stream' },
      { streamId: b, events: events(1), expectedRevision: 'no_stream' },
    ]);
    const [first, second, third] = await Promise.all([store.readStreams([a, missing]), store.readStreams([b, a]), store.readStreams([missing])]);
    expect([...first.keys()]).toEqual([a, missing]);
    expect(first.get(a)!.map((e) => e.streamPosition)).toEqual([0n, 1n]);
    expect(first.get(missing)).toEqual([]);
    expect([...second.keys()].sort()).toEqual([a, b].sort());
    expect(second.get(b)).toHaveLength(1);
    expect(second.get(a)).toEqual(first.get(a));
    // One caller's arrays are not another's: changing them changes nothing elsewhere.
    first.get(a)!.pop();
    expect(second.get(a)).toHaveLength(2);
    expect([...third.entries()]).toEqual([[missing, []]]);
  });

  it('reads only the events after the positions a caller already has', async () => {
    const { store, stream } = context();
    const [a, b, missing] = [stream('after-a'), stream('after-b'), stream('after-missing')];
    await store.appendMany([
      { streamId: a, events: events(4), expectedRevision: 'no_stream' },
      { streamId: b, events: events(2), expectedRevision: 'no_stream' },
    ]);
    const [tail, whole] = await Promise.all([
      store.readStreams([a, b, missing], {
        after: new Map([
          [a, 1n],
          [b, 1n],
          [missing, 3n],
        ]),
      }),
      store.readStreams([a]),
    ]);
    expect(tail.get(a)!.map((e) => e.streamPosition)).toEqual([2n, 3n]);
    expect(tail.get(b)).toEqual([]);
    expect(tail.get(missing)).toEqual([]);
    // Another caller reading the same stream at the same moment still gets all of it.
    expect(whole.get(a)!.map((e) => e.streamPosition)).toEqual([0n, 1n, 2n, 3n]);
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
