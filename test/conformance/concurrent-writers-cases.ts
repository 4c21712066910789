// The part of the suite about the global log under concurrent writers: the "skipped event" bug class
// (a transaction that took a lower position commits after one with a higher position) must not
// lose or reorder events for a reader that follows the log live.
import { expect, it } from 'vitest';
import type { EventStore, ExpectedRevision, RecordedEvent } from '../../eventstore/types.js';
import { collect, headOf, newEvent, readAllAfter, sleep, waitFor } from './conformance-helpers.js';
import type { ConformanceAdapter, ConformanceTarget } from './conformance-helpers.js';

interface Context {
  target: ConformanceTarget;
  store: EventStore;
  stream(label: string): string;
}

const WRITERS = 8;
// Where transactions run at once (PostgreSQL), 10,000 appends give the races many chances. Where they are
// serialised (PGlite: one session), no two can overlap and the writers only interleave: 2,000 prove as
// much there, and 10,000 took 30 s of the int tier's time on the CI machine.
const totalFor = (adapter: ConformanceAdapter): number => (adapter.heldTransactions === 'serialised' ? 2_000 : 10_000);

export function concurrentWritersCases(adapter: ConformanceAdapter, context: () => Context): void {
  if (adapter.heldTransactions === 'concurrent') {
    it('does not deliver a later transaction before an earlier-positioned one that commits last, nor lose it', async () => {
      const { target, store, stream } = context();
      const head = await headOf(store);
      const live = collect(store, head);
      const a = await target.beginHeldAppend!(stream('held-a'), [newEvent('A')], 'no_stream');
      const b = await store.append(stream('held-b'), [newEvent('B')], { expectedRevision: 'no_stream' });
      const [aTx, aPos] = a.result.checkpoint.split(':').map(BigInt);
      const [bTx, bPos] = b.checkpoint.split(':').map(BigInt);
      // The precondition of the bug: A holds the lower global position, B has committed first.
      expect(aPos! < bPos!).toBe(true);
      expect(aTx! < bTx!).toBe(true);
      await sleep(300); // B's wake-up has arrived; a position-ordered reader would deliver B now
      expect(live.seen).toEqual([]);
      expect(await store.readAll({ after: head, limit: 10 })).toEqual([]);
      await a.commit();
      await waitFor(() => live.seen.length >= 2, 10_000, 'both events after A commits');
      await sleep(100);
      await live.stop();
      expect(live.seen.map((e) => e.type)).toEqual(['A', 'B']);
      expect(live.seen[0]!.checkpoint).toBe(a.result.checkpoint);
      expect(live.seen[1]!.checkpoint).toBe(b.checkpoint);
      expect(store.compareCheckpoints(a.result.checkpoint, b.checkpoint)).toBeLessThan(0);
    });

    it('forgets a rolled-back held append and still delivers the appends around it', async () => {
      const { target, store, stream } = context();
      const head = await headOf(store);
      const live = collect(store, head);
      const held = await target.beginHeldAppend!(stream('rolled-back'), [newEvent('Gone')], 'no_stream');
      await store.append(stream('around'), [newEvent('Kept')]);
      await sleep(100);
      expect(live.seen).toEqual([]);
      await held.rollback();
      await waitFor(() => live.seen.length >= 1, 10_000, 'the event committed beside the rollback');
      await live.stop();
      expect(live.seen.map((e) => e.type)).toEqual(['Kept']);
    });
  }

  const TOTAL = totalFor(adapter);
  it(`delivers each of ${TOTAL} events from ${WRITERS} concurrent writers exactly once, in stream order`, async () => {
    const { target, store, stream } = context();
    const head = await headOf(store);
    const live = collect(store, head);
    const shared = Array.from({ length: 4 }, () => stream('shared'));
    const appendedIds = new Set<string>();
    const holdMs = adapter.heldTransactions === 'concurrent' ? 150 : 5;
    let next = 0;
    let held = 0;

    const writer = async (w: number) => {
      const own = Array.from({ length: 10 }, () => stream(`writer-${w}`));
      const revisions = new Map<string, bigint>();
      for (let i = 0; i < Number.MAX_SAFE_INTEGER; i++) {
        const k = next++;
        if (k >= TOTAL) return;
        const toShared = k % 10 === 0;
        const id = toShared ? shared[k % shared.length]! : own[i % own.length]!;
        const last = revisions.get(id);
        const expected: ExpectedRevision = toShared ? 'any' : last === undefined ? 'no_stream' : last;
        const event = newEvent('Concurrent', { w, k });
        if (target.beginHeldAppend && k % 97 === 0) {
          // Hold some transactions open while the other writers go on appending.
          held++;
          const pending = await target.beginHeldAppend(id, [event], expected);
          await sleep(holdMs);
          await pending.commit();
          if (!toShared) revisions.set(id, pending.result.nextExpectedRevision);
        } else {
          const result = await store.append(id, [event], { expectedRevision: expected });
          if (!toShared) revisions.set(id, result.nextExpectedRevision);
        }
        appendedIds.add(event.metadata.eventId);
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await waitFor(() => live.seen.length >= TOTAL, 60_000, `the subscriber to see ${TOTAL} events`);
    await sleep(200);
    await live.stop();

    expect(appendedIds.size).toBe(TOTAL);
    if (target.beginHeldAppend) expect(held).toBeGreaterThan(TOTAL / 200);
    const delivered = live.seen;
    expect(delivered).toHaveLength(TOTAL);
    expect(new Set(delivered.map((e) => e.metadata.eventId))).toEqual(appendedIds);
    expectStreamOrderAndTotalOrder(store, delivered);
    // A reader paging the log afterwards sees the same total order as the live subscriber did.
    const replayed = await readAllAfter(store, head, 777);
    expect(replayed.map((e) => e.checkpoint)).toEqual(delivered.map((e) => e.checkpoint));
  });
}

/** Lists (the first few) events delivered out of their stream's order or out of checkpoint order. */
function expectStreamOrderAndTotalOrder(store: EventStore, delivered: RecordedEvent[]): void {
  const nextPosition = new Map<string, bigint>();
  const violations: string[] = [];
  for (const [i, event] of delivered.entries()) {
    const expected = nextPosition.get(event.streamId) ?? 0n;
    if (event.streamPosition !== expected) {
      violations.push(`#${i} ${event.streamId}@${event.streamPosition} (expected @${expected}) at ${event.checkpoint}`);
    }
    nextPosition.set(event.streamId, event.streamPosition + 1n);
    const previous = delivered[i - 1];
    if (previous && store.compareCheckpoints(previous.checkpoint, event.checkpoint) >= 0) {
      violations.push(`#${i} checkpoint ${event.checkpoint} not after ${previous.checkpoint}`);
    }
  }
  expect(violations.slice(0, 10)).toEqual([]);
}
