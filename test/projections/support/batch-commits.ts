// Batch splits of a log and the runtime's commit path, for projectionSpec (projection-spec.ts): the log is
// cut into batches as the follower cuts it, and each batch goes through `commitBatch` with its checkpoint.
import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../../../eventstore/types.js';
import type { ReadModelsDb } from '../../../projections/read-models.js';
import { writeCheckpoint } from '../../../projections/runtime/bookkeeping.js';
import { commitBatch } from '../../../projections/runtime/commit-batch.js';
import { RowCache } from '../../../projections/runtime/row-cache.js';
import { byName } from '../../../projections/runtime/set-wise.js';
import type { ChangeNotice, Projector } from '../../../projections/types.js';
import { createEventLog } from './recorded-events.js';

export interface BatchSplit {
  name: string;
  /** Events of the log per batch. */
  size: number;
}

export const BATCH_SPLITS: readonly BatchSplit[] = [
  { name: 'one batch', size: Number.POSITIVE_INFINITY },
  { name: 'one event per batch', size: 1 },
  { name: 'batches of 2', size: 2 },
  { name: 'batches of 5', size: 5 },
];

/** An event as a test states it: recorded already (a story's log), or a domain event given its stream and time here. */
export type GivenEvent = RecordedEvent | { type: string; data: unknown; streamId?: string; at?: string };

const isRecorded = (event: GivenEvent): event is RecordedEvent => 'globalPosition' in event;

/** Records domain events one minute apart from 2026-03-01 09:00 UTC, each on its given stream (or one named after its type). */
export const recordedLog = (events: readonly GivenEvent[]): RecordedEvent[] => {
  // One log, as a story records it, is taken as it is; events from several logs are recorded again, in order.
  if (events.every(isRecorded) && events.every((event, i) => i === 0 || event.globalPosition > events[i - 1]!.globalPosition)) return [...events];
  const log = createEventLog();
  const start = Date.parse('2026-03-01T09:00:00.000Z');
  events.forEach((event, i) => {
    const given = isRecorded(event) ? { ...event, at: event.metadata.occurredAt } : event;
    log.record(given.streamId ?? `test-${given.type}`, { type: given.type, data: given.data }, given.at ?? new Date(start + i * 60_000).toISOString());
  });
  return log.events;
};

export const inBatches = <T>(items: readonly T[], size: number): T[][] => {
  if (!Number.isFinite(size)) return items.length > 0 ? [[...items]] : [];
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
};

/** Empties the projector's tables and sets its checkpoint back to the start of the log. */
export const reset = async (db: Kysely<ReadModelsDb>, projector: Projector) => {
  // Serial columns start again too: every split numbers its rows alike.
  await sql`truncate table ${sql.join(projector.tables.map((table) => sql.table(table)))} restart identity`.execute(db);
  await writeCheckpoint(db, projector.name, null, projector.version);
};

/**
 * Feeds the log to the projector in batches of `size` through the runtime's commit path, with a row cache as
 * the runtime keeps one (for projections that keep rows); returns the notices of each batch.
 */
export const applyThroughCommits = async (db: Kysely<ReadModelsDb>, projector: Projector, log: readonly RecordedEvent[], size: number): Promise<ChangeNotice[][]> => {
  const perBatch: ChangeNotice[][] = [];
  let notices: ChangeNotice[] = [];
  // The same projector, its notices noted on the way: commitBatch plans or applies it as the runtime does.
  const observed: Projector = {
    ...projector,
    async apply(handle, events) {
      const announced = await projector.apply(handle, events);
      notices.push(...announced);
      return announced;
    },
  };
  if (projector.plan) {
    observed.plan = async (handle, events, kept) => {
      const planned = await projector.plan!(handle, events, kept);
      notices.push(...planned.notices);
      return planned;
    };
  }
  const handles = new Set(projector.handles);
  const cache = new RowCache();
  let from: string | null = null;
  for (const batch of inBatches(log, size)) {
    notices = [];
    perBatch.push(notices);
    const to = batch.at(-1)!.checkpoint;
    const handled = batch.filter((event) => handles.has(event.type));
    await commitBatch(byName(db), observed, handled, { name: projector.name, version: projector.version, from, to }, () => false, cache);
    from = to;
  }
  return perBatch;
};
