// Calling the es_append function (migrations/versions-from-events.ts; what each append function
// returns is told in migrations/append-functions-with-streams-table.ts) and mapping its outcome onto the
// port: ok, duplicate (an idempotent retry) or conflict (WrongExpectedVersionError).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { checkAppends, checkEvents } from './append-many.js';
import type { Settled } from './coalescer.js';
import { toCheckpoint } from './sql-checkpoints.js';
import { WrongExpectedVersionError } from './types.js';
import type { AppendResult, EventToAppend, ExpectedRevision, StreamAppend, UnchangedStream } from './types.js';

/** NOTIFY channel that wakes readers of the global log in every process. */
export const EVENTS_APPENDED_CHANNEL = 'es_events_appended';

interface AppendRow {
  status: 'ok' | 'duplicate' | 'conflict' | 'partial';
  revision: string | null;
  transaction_id: string | null;
  global_position: string | null;
}

function expectedText(expected: ExpectedRevision): string {
  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new Error(`Expected revision must be >= 0, got ${expected}`);
    return expected.toString();
  }
  return expected;
}

/** One round trip. `appended` is false for an idempotent retry, which stored nothing. */
export async function callAppend<DB>(
  db: Kysely<DB>,
  streamId: string,
  events: EventToAppend[],
  expected: ExpectedRevision,
  notifyChannel: string | null,
): Promise<{ result: AppendResult; appended: boolean }> {
  checkEvents(streamId, events);
  const payload = JSON.stringify(events.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })));
  const { rows } = await sql<AppendRow>`
    select * from es_append(${streamId}, ${expectedText(expected)}, ${payload}::jsonb, ${notifyChannel})`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('es_append returned no row');
  if (row.status === 'conflict') {
    throw new WrongExpectedVersionError(streamId, expected, row.revision === null ? 'no_stream' : BigInt(row.revision));
  }
  return {
    appended: row.status === 'ok',
    result: {
      nextExpectedRevision: BigInt(row.revision!),
      checkpoint: toCheckpoint(row.transaction_id!, row.global_position!),
    },
  };
}

/**
 * Appends inside the caller's transaction (`db` is a kysely Transaction), e.g. to write a stream
 * and something else atomically. Readers are woken by a NOTIFY that PostgreSQL delivers at commit.
 * Append before other writes where you can: after them, the append may fail with SQLSTATE 40001
 * (serialization_failure) under contention on the stream, and the whole transaction must be retried.
 * The stream stays locked until the transaction ends, so keep it short.
 */
export async function appendWithin<DB>(
  db: Kysely<DB>,
  streamId: string,
  events: EventToAppend[],
  options: { expectedRevision?: ExpectedRevision } = {},
): Promise<AppendResult> {
  return (await callAppend(db, streamId, events, options.expectedRevision ?? 'any', EVENTS_APPENDED_CHANNEL)).result;
}

interface AppendManyRow extends AppendRow {
  ord: string;
}

export interface AppendManyOutcome {
  results: AppendResult[];
  /** False for an idempotent retry, which stored nothing. */
  appended: boolean;
}

const appendsPayload = (appends: readonly StreamAppend[]) =>
  appends.map((a) => ({
    s: a.streamId,
    e: expectedText(a.expectedRevision ?? 'any'),
    ev: a.events.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata })),
  }));

/** One caller's appendMany as es_append_batch takes it: its appends, then the streams it only checks. */
export interface AppendBatchItem {
  appends: readonly StreamAppend[];
  unchanged: readonly UnchangedStream[];
}

/** Checked streams travel as appends of no events at their revision (es_append_batch, 20261124T1300). */
const itemPayload = ({ appends, unchanged }: AppendBatchItem) => [
  ...appendsPayload(appends),
  ...unchanged.map((u) => ({ s: u.streamId, e: u.revision.toString(), ev: [] })),
];

/** The outcome of one appendMany from its rows (`ord` 1-based), or the error it stands for. */
function outcomeOf(appends: readonly StreamAppend[], rows: readonly AppendManyRow[], unchanged: readonly UnchangedStream[] = []): AppendManyOutcome {
  const conflict = rows.filter((r) => r.status === 'conflict').sort((a, b) => Number(a.ord) - Number(b.ord))[0];
  if (conflict) {
    const ord = Number(conflict.ord);
    const actual = conflict.revision === null ? 'no_stream' : BigInt(conflict.revision);
    if (ord > appends.length) {
      const checked = unchanged[ord - appends.length - 1]!;
      throw new WrongExpectedVersionError(checked.streamId, checked.revision, actual);
    }
    const { streamId, expectedRevision = 'any' } = appends[ord - 1]!;
    throw new WrongExpectedVersionError(streamId, expectedRevision, actual);
  }
  if (rows.some((r) => r.status === 'partial')) {
    // What es_append_many raises for the same input.
    throw Object.assign(new Error(`appendMany: some of ${appends.length} appends were already stored (event ids must be unique across all streams)`), { code: '23505' });
  }
  if (rows.length !== appends.length) throw new Error(`appendMany answered ${rows.length} rows for ${appends.length} appends`);
  const byOrd = new Map(rows.map((r) => [Number(r.ord), r]));
  const results = appends.map((_, i) => {
    const row = byOrd.get(i + 1)!;
    return { nextExpectedRevision: BigInt(row.revision!), checkpoint: toCheckpoint(row.transaction_id!, row.global_position!) };
  });
  return { results, appended: rows.every((r) => r.status === 'ok') };
}

/** One round trip, one transaction: every stream or none (es_append_many). */
export async function callAppendMany<DB>(db: Kysely<DB>, appends: StreamAppend[]): Promise<AppendManyOutcome> {
  checkAppends(appends);
  const payload = JSON.stringify(appendsPayload(appends));
  const { rows } = await sql<AppendManyRow>`select * from es_append_many(${payload}::jsonb)`.execute(db);
  return outcomeOf(appends, rows);
}

interface AppendBatchRow extends AppendManyRow {
  item: string;
}

/**
 * Several callers' appendMany in one round trip and one transaction (es_append_batch), each decided
 * on its own: an item that conflicts or was already stored writes nothing and does not stop the
 * others. No stream may appear in two items (the coalescer keeps them apart).
 */
export async function callAppendBatch<DB>(db: Kysely<DB>, items: readonly AppendBatchItem[]): Promise<Settled<AppendManyOutcome>[]> {
  const streams = new Set<string>();
  for (const { appends } of items) {
    checkAppends(appends);
    for (const { streamId } of appends) {
      if (streams.has(streamId)) throw new Error(`A batch of appends names stream ${streamId} twice`);
      streams.add(streamId);
    }
  }
  const payload = JSON.stringify(items.map(itemPayload));
  const { rows } = await sql<AppendBatchRow>`select * from es_append_batch(${payload}::jsonb)`.execute(db);
  const byItem = new Map<number, AppendBatchRow[]>();
  for (const row of rows) {
    const item = Number(row.item);
    byItem.set(item, [...(byItem.get(item) ?? []), row]);
  }
  return items.map(({ appends, unchanged }, i) => {
    try {
      return { ok: true, value: outcomeOf(appends, byItem.get(i + 1) ?? [], unchanged) };
    } catch (error) {
      return { ok: false, error };
    }
  });
}
