// EventStoreDB adapter (DESIGN.md §3). EventStoreDB orders $all by commit position itself, so there
// is no skip problem to solve here; the work is mapping revisions, positions and errors onto the port.
// Written against @eventstore/db-client 6.x typings: no server is available in the build sandbox, so
// the conformance suite runs it only when EVENTSTORE_URL is set or Docker can start one.
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type { AllStreamResolvedEvent, AppendExpectedRevision, JSONType, Position, ResolvedEvent } from '@eventstore/db-client';
import { appendInOrder } from './append-many.js';
import { WrongExpectedVersionError } from './types.js';
import type { AppendResult, Checkpoint, EventMetadata, EventStore, ExpectedRevision, RecordedEvent } from './types.js';

export function parseEsdbCheckpoint(checkpoint: Checkpoint): Position {
  const match = /^(\d+):(\d+)$/.exec(checkpoint);
  if (!match) throw new Error(`Not an EventStoreDB checkpoint: ${checkpoint}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

const toCheckpoint = (p: Position): Checkpoint => `${p.commit}:${p.prepare}`;

export function compareEsdbCheckpoints(a: Checkpoint | null, b: Checkpoint | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const x = parseEsdbCheckpoint(a);
  const y = parseEsdbCheckpoint(b);
  const diff = x.commit !== y.commit ? x.commit - y.commit : x.prepare - y.prepare;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return expected;
}

type AnyResolved = ResolvedEvent | AllStreamResolvedEvent;

/** Our events only: system streams and system event types ($...) and link events are left out. */
function toRecorded(resolved: AnyResolved): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  if (!event.position) throw new Error(`EventStoreDB returned ${event.streamId}@${event.revision} without a position`);
  return {
    streamId: event.streamId,
    streamPosition: event.revision,
    globalPosition: event.position.commit,
    checkpoint: toCheckpoint(event.position),
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

export interface EventStoreDbOptions {
  /** esdb://host:2113?tls=false */
  url: string;
}

export async function createEventStoreDbEventStore({ url }: EventStoreDbOptions): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString(url);
  const listeners = new Set<() => void>();
  const closing = new AbortController();

  const readStream = async (streamId: string, from = 0n, to?: bigint): Promise<RecordedEvent[]> => {
    if (to !== undefined && to < from) return [];
    const out: RecordedEvent[] = [];
    try {
      const read = client.readStream(streamId, {
        fromRevision: from,
        direction: FORWARDS,
        ...(to !== undefined ? { maxCount: to - from + 1n } : {}),
      });
      for await (const resolved of read) {
        const event = toRecorded(resolved);
        if (event) out.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  };

  /** The original result when every event id is already the stream's (a retried append), else null. */
  const findAppended = async (streamId: string, ids: string[]): Promise<AppendResult | null> => {
    const wanted = new Set(ids);
    let last: RecordedEvent | null = null;
    try {
      // A retry follows its original closely, so the events are near the end of the stream.
      const read = client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1000 });
      for await (const resolved of read) {
        const event = toRecorded(resolved);
        if (!event || !wanted.delete(event.metadata.eventId)) continue;
        if (!last || event.streamPosition > last.streamPosition) last = event;
        if (wanted.size === 0) break;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return wanted.size === 0 && last ? { nextExpectedRevision: last.streamPosition, checkpoint: last.checkpoint } : null;
  };

  const readAll = async (after: Checkpoint | null, limit: number): Promise<RecordedEvent[]> => {
    const out: RecordedEvent[] = [];
    let position: Position | typeof START = after === null ? START : parseEsdbCheckpoint(after);
    let skipFirst = after !== null; // fromPosition is inclusive; our checkpoints are exclusive
    const page = Math.max(limit + 1, 100);
    for (;;) {
      let seen = 0;
      let lastPosition: Position | null = null;
      for await (const resolved of client.readAll({ fromPosition: position, maxCount: page, direction: FORWARDS })) {
        seen++;
        const p = resolved.event?.position;
        if (p) lastPosition = p;
        if (skipFirst && p && typeof position !== 'string' && p.commit === position.commit && p.prepare === position.prepare) continue;
        const event = toRecorded(resolved);
        if (event) out.push(event);
        if (out.length === limit) return out;
      }
      if (seen < page || !lastPosition) return out;
      position = lastPosition;
      skipFirst = true;
    }
  };

  const store: EventStore = {
    kind: 'eventstoredb',

    async append(streamId, events, options = {}) {
      if (events.length === 0) throw new Error(`Append to ${streamId} without events`);
      const expected = options.expectedRevision ?? 'any';
      const ids = events.map((e) => e.metadata.eventId);
      const data = events.map((e) =>
        jsonEvent({ id: e.metadata.eventId, type: e.type, data: e.data as JSONType, metadata: e.metadata as unknown as JSONType }),
      );
      let result;
      try {
        result = await client.appendToStream(streamId, data, { expectedRevision: toEsdbExpected(expected) });
      } catch (error) {
        if (!(error instanceof EsdbWrongExpectedVersionError)) throw error;
        const original = await findAppended(streamId, ids);
        if (original) return original;
        const actual = error.actualVersion;
        throw new WrongExpectedVersionError(streamId, expected, actual === NO_STREAM ? 'no_stream' : BigInt(actual));
      }
      // An idempotent write may come back without a position: take it from the stored events.
      const checkpoint = result.position
        ? toCheckpoint(result.position)
        : (await findAppended(streamId, ids))?.checkpoint;
      if (!checkpoint) throw new Error(`EventStoreDB append to ${streamId} returned no position`);
      for (const listener of listeners) listener();
      return { nextExpectedRevision: result.nextExpectedRevision, checkpoint };
    },

    // EventStoreDB before KurrentDB 25.1 has no transaction across streams: one append after the
    // other, stopping at the first failure (the port's 'in-order').
    multiStreamAppend: 'in-order',

    appendMany: (appends, options) => appendInOrder(store, appends, options),

    readStream: (streamId, { from = 0n, to } = {}) => readStream(streamId, from, to),

    async readStreams(streamIds, { after } = {}) {
      const unique = [...new Set(streamIds)];
      return new Map(await Promise.all(unique.map(async (id) => [id, await readStream(id, (after?.get(id) ?? -1n) + 1n)] as const)));
    },

    readAll: ({ after, limit }) => readAll(after, Math.max(1, Math.floor(limit))),

    subscribeAll({ from, signal }) {
      return {
        async *[Symbol.asyncIterator]() {
          if (signal?.aborted || closing.signal.aborted) return;
          // subscribeToAll starts after fromPosition (exclusive), matching our checkpoints.
          const subscription = client.subscribeToAll({
            fromPosition: from === null ? START : parseEsdbCheckpoint(from),
            filter: excludeSystemEvents(),
          });
          const stop = () => void subscription.unsubscribe().catch(() => {});
          signal?.addEventListener('abort', stop, { once: true });
          closing.signal.addEventListener('abort', stop, { once: true });
          const stopped = () => signal?.aborted === true || closing.signal.aborted;
          try {
            for await (const resolved of subscription) {
              if (stopped()) return;
              const event = toRecorded(resolved);
              if (event) yield event;
            }
          } catch (error) {
            // Unsubscribing cancels the gRPC call, which may surface as an error: that is our stop.
            if (!stopped()) throw error;
          } finally {
            signal?.removeEventListener('abort', stop);
            closing.signal.removeEventListener('abort', stop);
            await subscription.unsubscribe().catch(() => {});
          }
        },
      };
    },

    onAppended(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async countAfter(after) {
      // Exact but linear; only progress bars call it.
      let count = 0;
      let cursor = after;
      for (;;) {
        const batch = await readAll(cursor, 1000);
        count += batch.length;
        if (batch.length < 1000) return count;
        cursor = batch[batch.length - 1]!.checkpoint;
      }
    },

    compareCheckpoints: compareEsdbCheckpoints,

    async close() {
      closing.abort();
      listeners.clear();
      await client.dispose();
    },
  };
  return store;
}
