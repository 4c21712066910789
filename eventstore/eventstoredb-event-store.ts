// EventStoreDB adapter (DESIGN.md §3). EventStoreDB orders $all by commit position itself, so there
// is no skip problem to solve here; the work is mapping revisions, positions and errors onto the port,
// and keeping the port's promises where the server's defaults do not (eventstoredb/*.ts, one concern
// each). Written against @eventstore/db-client 6.2.1 for servers 22.6 and later (docs/eventstoredb.md
// says why not yet @kurrent/kurrentdb-client). No server is available in the build sandbox: the
// conformance suite runs it only when EVENTSTORE_URL is set or Docker can start one.
import { START } from '@eventstore/db-client';
import { appendInOrder, checkEvents } from './append-many.js';
import { appendEvents, checkAppendSize, type AppendSettings } from './eventstoredb/append.js';
import { compareEsdbCheckpoints, parseEsdbCheckpoint } from './eventstoredb/checkpoints.js';
import { closeClient, openClient } from './eventstoredb/connection.js';
import { DEFAULT_RETRY } from './eventstoredb/failures.js';
import { createAppendHints, subscribeResilient } from './eventstoredb/live.js';
import { readEsdbLog } from './eventstoredb/read-log.js';
import { readAllAfter, readStreamEvents, toRecorded } from './eventstoredb/reads.js';
import type { Checkpoint, EventStore } from './types.js';

export { compareEsdbCheckpoints, parseEsdbCheckpoint } from './eventstoredb/checkpoints.js';

export interface EventStoreDbOptions {
  /** esdb://host:2113?tls=false */
  url: string;
  /** Longest a read may take before it is cancelled and retried (default 15 s; appends: the client's 10 s). */
  readDeadlineMs?: number;
  /** How far back an 'any' / 'stream_exists' append looks for its event ids (default 1,000 events). */
  idempotencyWindow?: number;
  /** countAfter counts up to this many events and answers this number beyond (default 10,000). */
  countCap?: number;
  /** Largest append, in bytes of data and metadata (default 1 MiB, the server's MaxAppendSize default). */
  maxAppendBytes?: number;
  /** Further attempts after a transient failure (default 2). */
  retries?: number;
  /** How long the first call at start-up may take before the store refuses to open (default 5 s). */
  probeMs?: number;
}

/**
 * /health asks for every projector's lag on every probe: a count of more than one page stays good for
 * this long (smaller ones are cheap, and stay exact for waiters and tests).
 */
const COUNT_TTL_MS = 2_000;
const CACHED_FROM = 1_000;

export async function createEventStoreDbEventStore(options: EventStoreDbOptions): Promise<EventStore> {
  const client = await openClient(options.url, options.probeMs ?? 5_000);
  const retry = { ...DEFAULT_RETRY, retries: options.retries ?? DEFAULT_RETRY.retries };
  const settings: AppendSettings = {
    deadlineMs: options.readDeadlineMs ?? 15_000,
    retry,
    idempotencyWindow: options.idempotencyWindow ?? 1_000,
    maxAppendBytes: options.maxAppendBytes ?? 1_048_576,
  };
  const countCap = options.countCap ?? 10_000;
  const hints = createAppendHints(client, retry);
  const closing = new AbortController();
  const counts = new Map<string, { at: number; count: Promise<number> }>();

  const open = () => {
    if (closing.signal.aborted) throw new Error('The EventStoreDB event store is closed');
  };

  const countAfter = async (after: Checkpoint | null): Promise<number> => {
    let count = 0;
    let cursor = after;
    while (count < countCap) {
      const batch = await readAllAfter(client, settings, cursor, Math.min(1_000, countCap - count));
      count += batch.length;
      if (batch.length === 0) break;
      cursor = batch[batch.length - 1]!.checkpoint;
    }
    return Math.min(count, countCap);
  };

  const store: EventStore = {
    kind: 'eventstoredb',

    async append(streamId, events, appendOptions = {}) {
      open();
      checkEvents(streamId, events);
      const result = await appendEvents(client, settings, streamId, events, appendOptions.expectedRevision ?? 'any');
      hints.notifyLocal();
      return result;
    },

    // EventStoreDB before KurrentDB 25.1 has no transaction across streams: one append after the
    // other, stopping at the first failure (the port's 'in-order').
    multiStreamAppend: 'in-order',

    async appendMany(appends, manyOptions) {
      // A size the server would refuse is refused before the first stream is written.
      for (const { streamId, events } of appends) checkAppendSize(streamId, events, settings.maxAppendBytes);
      return appendInOrder(store, appends, manyOptions);
    },

    async readStream(streamId, { from = 0n, to } = {}) {
      open();
      return readStreamEvents(client, settings, streamId, from, to);
    },

    async readStreams(streamIds, { after } = {}) {
      open();
      const unique = [...new Set(streamIds)];
      return new Map(await Promise.all(unique.map(async (id) => [id, await readStreamEvents(client, settings, id, (after?.get(id) ?? -1n) + 1n)] as const)));
    },

    async readAll({ after, limit }) {
      open();
      return readAllAfter(client, settings, after, Math.max(1, Math.floor(limit)));
    },

    async readLog(query) {
      open();
      return readEsdbLog(client, settings, query);
    },

    subscribeAll({ from, signal }) {
      return {
        async *[Symbol.asyncIterator]() {
          const stop = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
          if (stop.aborted) return;
          const records = subscribeResilient(client, {
            from: from === null ? START : parseEsdbCheckpoint(from),
            signal: stop,
            retry,
            onReconnect: (error) =>
              console.warn(`EventStoreDB: subscription to $all interrupted, resubscribing (${error instanceof Error ? error.message : String(error)})`),
          });
          for await (const resolved of records) {
            const event = toRecorded(resolved);
            if (event) yield event;
          }
        },
      };
    },

    onAppended: (listener) => hints.add(listener),

    async countAfter(after) {
      open();
      const key = after ?? '';
      const now = Date.now();
      const cached = counts.get(key);
      if (cached && now - cached.at < COUNT_TTL_MS) return cached.count;
      if (counts.size > 64) counts.clear();
      const count = countAfter(after);
      counts.set(key, { at: now, count });
      // Only a large count is worth keeping (and a failed one never is).
      count.then(
        (n) => n < CACHED_FROM && counts.get(key)?.count === count && counts.delete(key),
        () => counts.delete(key),
      );
      return count;
    },

    compareCheckpoints: compareEsdbCheckpoints,

    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      hints.close();
      await closeClient(client);
    },
  };
  return store;
}
