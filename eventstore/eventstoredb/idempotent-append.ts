// Idempotency for appends without an exact revision ('any', 'stream_exists'), as pure decisions.
//
// The server recognises a resent write by its event ids durably only when the write names an exact
// revision (or no_stream): it compares the ids with the events stored right after that revision. With
// ANY / STREAM_EXISTS it looks the first id up in a bounded in-memory cache of recent commits, and
// once that has moved on (or the node restarted, or leadership changed) it writes the events again.
// Reactors and the reconciler repeat writes with fixed ids minutes later, so the adapter never sends
// ANY or STREAM_EXISTS: it reads the stream's tail, answers a retry whose ids are all there with the
// original result, and otherwise appends at the exact revision it read (looping when another writer
// got there first). The server's durable check then covers a resend of that append.

/** An event of the stream as far as idempotency cares: its revision and its EventStoreDB event id. */
export interface StoredId {
  revision: bigint;
  id: string;
}

/** The end of a stream: its current revision and its last events (any order; the whole stream when it is short). */
export interface StreamTail {
  revision: bigint;
  events: readonly StoredId[];
}

export type IdMatch = { found: 'all'; lastRevision: bigint } | { found: 'some' } | { found: 'none' };

/** Event ids are UUIDs; the server may print them in another case than we sent them. */
const normalise = (id: string) => id.toLowerCase();

/** Which of `ids` the tail already holds: all (with the revision of the last), some, or none. */
export function matchStoredIds(events: readonly StoredId[], ids: readonly string[]): IdMatch {
  const wanted = new Set(ids.map(normalise));
  let last: bigint | null = null;
  let hits = 0;
  for (const event of events) {
    if (!wanted.delete(normalise(event.id))) continue;
    hits++;
    if (last === null || event.revision > last) last = event.revision;
  }
  if (wanted.size === 0 && last !== null) return { found: 'all', lastRevision: last };
  return hits > 0 ? { found: 'some' } : { found: 'none' };
}

export type AppendPlan =
  /** Every id is stored already: answer with the revision of the last (a retry of an earlier append). */
  | { action: 'answer'; lastRevision: bigint }
  /** Append at this exact revision (or create the stream). */
  | { action: 'append'; at: bigint | 'no_stream' }
  /** Refuse as the server refuses an exact-revision append whose ids are only partly stored. */
  | { action: 'conflict'; actual: bigint | 'no_stream' };

/** What to do with an 'any' / 'stream_exists' append, given the stream's tail (null: no stream). */
export function planAppend(expected: 'any' | 'stream_exists', tail: StreamTail | null, ids: readonly string[]): AppendPlan {
  if (tail === null) return expected === 'any' ? { action: 'append', at: 'no_stream' } : { action: 'conflict', actual: 'no_stream' };
  const match = matchStoredIds(tail.events, ids);
  if (match.found === 'all') return { action: 'answer', lastRevision: match.lastRevision };
  if (match.found === 'some') return { action: 'conflict', actual: tail.revision };
  return { action: 'append', at: tail.revision };
}

/**
 * How far back to look, in pages: a short first page (most streams are short, and a retry usually
 * follows its original closely), then the rest of the window. [] for an empty window.
 */
export function tailPages(window: number, firstPage = 64): number[] {
  if (window <= 0) return [];
  return window <= firstPage ? [window] : [firstPage, window - firstPage];
}
