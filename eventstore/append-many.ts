// What every adapter's appendMany shares: the checks on its input, and the way a store without
// transactions across streams writes (multiStreamAppend 'in-order').
import type { AppendManyOptions, AppendResult, EventStore, EventToAppend, StreamAppend } from './types.js';

export function checkEvents(streamId: string, events: readonly EventToAppend[]): void {
  if (events.length === 0) throw new Error(`Append to ${streamId} without events`);
  const ids = new Set(events.map((e) => e.metadata.eventId));
  if (ids.size !== events.length) throw new Error(`Append to ${streamId} repeats an event id`);
}

/** Distinct streams, each with events, and no event id twice in the whole call. */
export function checkAppends(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new Error('appendMany without appends');
  const streams = new Set<string>();
  const ids = new Set<string>();
  for (const { streamId, events } of appends) {
    if (streams.has(streamId)) throw new Error(`appendMany names stream ${streamId} twice`);
    streams.add(streamId);
    checkEvents(streamId, events);
    for (const e of events) {
      if (ids.has(e.metadata.eventId)) throw new Error(`appendMany repeats event id ${e.metadata.eventId}`);
      ids.add(e.metadata.eventId);
    }
  }
}

/** `unchanged` streams must be distinct and not among the ones written. */
export function checkUnchanged(appends: readonly StreamAppend[], options: AppendManyOptions | undefined): void {
  const written = new Set(appends.map((a) => a.streamId));
  const seen = new Set<string>();
  for (const { streamId, revision } of options?.unchanged ?? []) {
    if (written.has(streamId)) throw new Error(`appendMany both writes and checks stream ${streamId}`);
    if (seen.has(streamId)) throw new Error(`appendMany checks stream ${streamId} twice`);
    if (revision < 0n) throw new Error(`appendMany checks stream ${streamId} at a negative revision`);
    seen.add(streamId);
  }
}

/**
 * One append after the other, stopping at the first failure (which leaves the streams before it written).
 * Such a store cannot hold other streams still while it writes, so it refuses `unchanged`.
 */
export async function appendInOrder(store: Pick<EventStore, 'append'>, appends: readonly StreamAppend[], options?: AppendManyOptions): Promise<AppendResult[]> {
  if (options?.unchanged?.length) throw new Error('appendMany: unchanged streams need an atomic store');
  checkAppends(appends);
  const results: AppendResult[] = [];
  for (const { streamId, events, expectedRevision } of appends) {
    results.push(await store.append(streamId, events, { expectedRevision: expectedRevision ?? 'any' }));
  }
  return results;
}
