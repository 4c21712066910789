// The part of the suite that the EventStoreDB review found uncovered: a retry with 'any' that reaches
// the store through another client (the server's recent-id cache must not be what makes it
// idempotent), hints of appends made through another store, and reads stopped mid-page.
import { expect, it } from 'vitest';
import type { EventStore } from '../../eventstore/types.js';
import type { ConformanceTarget } from './conformance-helpers.js';
import { events, headOf, newEvent, waitFor } from './conformance-helpers.js';

interface Context {
  target: ConformanceTarget;
  store: EventStore;
  stream(label: string): string;
}

export function retryAndWakeCases(context: () => Context): void {
  it("answers an 'any' append retried through another store, after later appends, with the original result", async () => {
    const { target, store, stream } = context();
    const id = stream('any-retry');
    await store.append(id, events(2));
    const batch = events(2);
    const first = await store.append(id, batch, { expectedRevision: 'any' });
    await store.append(id, events(5));
    const other = await target.openSecondStore();
    try {
      expect(await other.append(id, batch, { expectedRevision: 'any' })).toEqual(first);
      expect(await other.append(id, batch, { expectedRevision: 'stream_exists' })).toEqual(first);
    } finally {
      await other.close();
    }
    const stored = await store.readStream(id);
    expect(stored.map((e) => e.metadata.eventId).filter((e) => batch.some((b) => b.metadata.eventId === e))).toHaveLength(2);
    expect(stored).toHaveLength(9);
  });

  it('tells onAppended listeners of another store of the same log about an append', async () => {
    const { target, store, stream } = context();
    const other = await target.openSecondStore();
    let heard = 0;
    const unsubscribe = other.onAppended(() => void heard++);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // a live subscription may take a moment to start
      heard = 0;
      await store.append(stream('hint'), events(1));
      await waitFor(() => heard > 0, 5_000, 'the other store to hear of the append');
    } finally {
      unsubscribe();
      await other.close();
    }
  });

  it('keeps answering after many reads of the log that stop in the middle of a page', async () => {
    const { store, stream } = context();
    const head = await headOf(store);
    const id = stream('early-exit');
    // Big enough that the unread rest of a page would not fit a gRPC flow-control window.
    const big = (i: number) => newEvent('BigThingHappened', { i, padding: 'x'.repeat(2_000) });
    for (let i = 0; i < 3; i++)
      await store.append(
        id,
        Array.from({ length: 50 }, (_, j) => big(i * 50 + j)),
      );
    for (let i = 0; i < 150; i++) {
      const [event] = await store.readAll({ after: head, limit: 1 });
      expect(event?.streamId).toBe(id);
    }
    const after = await store.append(id, events(1));
    expect(after.nextExpectedRevision).toBe(150n);
    expect((await store.readStream(id, { from: 150n }))[0]?.type).toBe('ThingHappened');
  });
}
