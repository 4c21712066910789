// Reads from EventStoreDB, each bounded in time and closed when left early.
//
// Leaving a `for await` over the client's ReadStream only destroys its Transform: the gRPC call
// behind it stays open with its buffers and the server's reader (grpc-node #1238, #2385), until the
// channel's 100 concurrent streams are used up. Client 6.2.1 also creates every read with
// `deadline: Infinity` and lets that win over the `deadline` option, so a stalled server would hang a
// read forever. `drain` therefore keeps its own deadline and cancels the call whenever it did not end.
import { BACKWARDS, DeadlineExceededError, END, FORWARDS, START, StreamDeletedError, StreamNotFoundError } from '@eventstore/db-client';
import type { AllStreamResolvedEvent, EventStoreDBClient, ResolvedEvent, StreamingRead } from '@eventstore/db-client';
import type { Checkpoint, RecordedEvent } from '../types.js';
import { parseEsdbCheckpoint, toEsdbCheckpoint, type LogPosition } from './checkpoints.js';
import { withRetries, type RetryPolicy } from './failures.js';
import { matchStoredIds, tailPages, type StoredId, type StreamTail } from './idempotent-append.js';
import { fromStoredMetadata } from './metadata.js';

export interface ReadSettings {
  /** Longest a read may take before it is cancelled and counted as a transient failure. */
  deadlineMs: number;
  retry: RetryPolicy;
}

/**
 * Feeds every item of `read` to `visit` until it returns false, the read ends or `deadlineMs` passes
 * (then it throws the client's DeadlineExceededError); cancels the gRPC call unless it ended.
 */
export async function drain<E>(read: StreamingRead<E>, visit: (item: E) => boolean | void, deadlineMs: number, what: string): Promise<void> {
  let ended = false;
  const timer = setTimeout(() => read.destroy(new DeadlineExceededError(undefined, `${what}: no answer within ${deadlineMs} ms`)), deadlineMs);
  try {
    for await (const item of read as AsyncIterable<E>) {
      if (visit(item) === false) return;
    }
    ended = true;
  } finally {
    clearTimeout(timer);
    // Not awaited: cancel() first waits for the call to exist, which a stalled channel may never give.
    if (!ended) void read.cancel().catch(() => {});
  }
}

type AnyResolved = ResolvedEvent | AllStreamResolvedEvent;

/** Our events only: system streams and system event types ($...), link events and non-JSON records are left out. */
export function toRecorded(resolved: AnyResolved): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson || event.type.startsWith('$') || event.streamId.startsWith('$')) return null;
  if (!event.position) throw new Error(`EventStoreDB returned ${event.streamId}@${event.revision} without a position`);
  return {
    streamId: event.streamId,
    streamPosition: event.revision,
    globalPosition: event.position.commit,
    checkpoint: toEsdbCheckpoint(event.position),
    type: event.type,
    data: event.data,
    metadata: fromStoredMetadata(event.metadata, event),
  };
}

/**
 * Stream reads decide appends (a command's state, an append's tail), so they must see this process's
 * own writes: a follower may lag. A follower refuses with NotLeader, which is retried, and the client
 * sends the next call to the leader. $all reads (projectors) may lag and go wherever the client connects.
 */
const LEADER_ONLY = { requiresLeader: true } as const;

const isMissing = (error: unknown) => error instanceof StreamNotFoundError || error instanceof StreamDeletedError;

/** Events from..to (inclusive) of a stream; [] when it does not exist or was deleted. */
export const readStreamEvents = (client: EventStoreDBClient, settings: ReadSettings, streamId: string, from: bigint, to?: bigint): Promise<RecordedEvent[]> =>
  withRetries(`reading ${streamId}`, settings.retry, async () => {
    if (to !== undefined && to < from) return [];
    const out: RecordedEvent[] = [];
    const read = client.readStream(streamId, { ...LEADER_ONLY, fromRevision: from, direction: FORWARDS, ...(to !== undefined ? { maxCount: to - from + 1n } : {}) });
    try {
      await drain(read, (resolved) => void pushRecorded(out, resolved), settings.deadlineMs, `reading ${streamId}`);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return out;
  });

const pushRecorded = (out: RecordedEvent[], resolved: AnyResolved) => {
  const event = toRecorded(resolved);
  if (event) out.push(event);
};

/** Revisions and event ids of from..to (inclusive), every record of the stream included. */
export const readStoredIds = (client: EventStoreDBClient, settings: ReadSettings, streamId: string, from: bigint, to: bigint): Promise<StoredId[]> =>
  withRetries(`reading ${streamId}`, settings.retry, async () => {
    if (to < from) return [];
    const out: StoredId[] = [];
    const read = client.readStream(streamId, { ...LEADER_ONLY, fromRevision: from, direction: FORWARDS, maxCount: to - from + 1n });
    try {
      await drain(read, (r) => void (r.event && out.push({ revision: r.event.revision, id: r.event.id })), settings.deadlineMs, `reading ${streamId}`);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return out;
  });

/**
 * The stream's current revision and the ids of up to `window` of its last events, read backwards and
 * stopping early once every id in `ids` is found; null when the stream does not exist.
 */
export const readTail = (client: EventStoreDBClient, settings: ReadSettings, streamId: string, window: number, ids: readonly string[]): Promise<StreamTail | null> =>
  withRetries(`reading the end of ${streamId}`, settings.retry, async () => {
    const events: StoredId[] = [];
    let from: bigint | typeof END = END;
    for (const size of tailPages(Math.max(1, window))) {
      const page = { count: 0, lowest: null as bigint | null };
      const read = client.readStream(streamId, { ...LEADER_ONLY, fromRevision: from, direction: BACKWARDS, maxCount: size });
      try {
        await drain(
          read,
          (r) => {
            page.count++;
            if (!r.event) return;
            page.lowest = r.event.revision;
            events.push({ revision: r.event.revision, id: r.event.id });
          },
          settings.deadlineMs,
          `reading the end of ${streamId}`,
        );
      } catch (error) {
        if (error instanceof StreamNotFoundError) return null;
        if (error instanceof StreamDeletedError) throw new Error(`Stream ${streamId} is deleted in EventStoreDB: nothing was appended`, { cause: error });
        throw error;
      }
      if (page.lowest === null || page.count < size || page.lowest === 0n || matchStoredIds(events, ids).found === 'all') break;
      from = page.lowest - 1n;
    }
    // Read backwards: the first event is the newest, and its revision the stream's.
    return events.length === 0 ? null : { revision: events[0]!.revision, events };
  });

/**
 * Up to `limit` of our events after `after` in $all. fromPosition is inclusive, our checkpoints are
 * exclusive: the event at `after` itself is skipped. v6 readAll cannot filter on the server, so
 * system records are read and dropped here (run the server with RunProjections=None).
 */
export const readAllAfter = (client: EventStoreDBClient, settings: ReadSettings, after: Checkpoint | null, limit: number): Promise<RecordedEvent[]> =>
  withRetries('reading $all', settings.retry, async () => {
    const out: RecordedEvent[] = [];
    let position: LogPosition | typeof START = after === null ? START : parseEsdbCheckpoint(after);
    let skipFirst = after !== null;
    const pageSize = Math.max(limit + 1, 100);
    for (;;) {
      const page = { seen: 0, last: null as LogPosition | null };
      const from = position;
      const read = client.readAll({ fromPosition: from, maxCount: pageSize, direction: FORWARDS });
      await drain(
        read,
        (resolved) => {
          page.seen++;
          const p = resolved.event?.position;
          if (p) page.last = p;
          if (skipFirst && p && typeof from !== 'string' && p.commit === from.commit && p.prepare === from.prepare) return;
          pushRecorded(out, resolved);
          return out.length < limit;
        },
        settings.deadlineMs,
        'reading $all',
      );
      if (out.length >= limit || page.seen < pageSize || page.last === null) return out;
      position = page.last;
      skipFirst = true;
    }
  });
