// The controls one process asks of another (DESIGN.md §13): a runtime standing by for a follower writes
// the control as a row and announces it with a NOTIFY in the same statement; the runtime holding the
// follower's lock claims the row, carries the control out, and records the outcome with a NOTIFY back.
// A row stays pending until a holder claims it, so a holder that starts later still finds it.
import { sql, type Kysely } from 'kysely';
import type { RebuildResult } from './follower-operations.js';
import { CONTROLS_TABLE } from './bookkeeping.js';
import { byName } from './set-wise.js';

/** Payload: the control's id. Heard by the runtimes that may hold its follower. */
export const CONTROLS_CHANNEL = 'projection_controls';
/** Payload: the control's id, once its outcome (or a rebuild's result) is recorded. Heard by the asker. */
export const CONTROL_DONE_CHANNEL = 'projection_control_done';

export type ControlAction = 'pause' | 'resume' | 'retry' | 'skip' | 'rebuild';

export interface ControlArguments {
  reason?: string;
  actorId?: string | null;
}

/** What a holder's refusal records: a FollowerControlError's code, or null for any other error. */
export interface ControlError {
  code: string | null;
  message: string;
}

export interface ControlRow {
  id: string;
  /** The follower's checkpoint row name (reactors' carry a prefix). */
  follower: string;
  action: ControlAction;
  arguments: ControlArguments;
  requestedBy: string;
  requestedAt: string;
  takenBy: string | null;
  doneAt: string | null;
  error: ControlError | null;
  /** A rebuild's end, recorded after the outcome (which says it began). */
  result: RebuildResult | null;
}

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value));

const toControlRow = (row: Record<string, unknown>): ControlRow => ({
  id: String(row.id),
  follower: String(row.follower),
  action: row.action as ControlAction,
  arguments: (row.arguments as ControlArguments | null) ?? {},
  requestedBy: String(row.requested_by),
  requestedAt: iso(row.requested_at)!,
  takenBy: (row.taken_by as string | null) ?? null,
  doneAt: iso(row.done_at),
  error: (row.error as ControlError | null) ?? null,
  result: (row.result as RebuildResult | null) ?? null,
});

/** Writes the control and sends its NOTIFY in one statement (delivered at its commit). */
export const requestControl = async <DB>(
  handle: Kysely<DB>,
  control: { id: string; follower: string; action: ControlAction; arguments: ControlArguments; requestedBy: string },
): Promise<void> => {
  const db = byName(handle);
  await sql`with requested as (
      insert into ${sql.table(CONTROLS_TABLE)} (id, follower, action, arguments, requested_by)
      values (${control.id}, ${control.follower}, ${control.action}, ${JSON.stringify(control.arguments)}::jsonb, ${control.requestedBy})
      returning id)
    select pg_notify(${CONTROLS_CHANNEL}, id) from requested`.execute(db);
  // Controls are an operator's clicks, a handful a day: the old ones go when a new one comes.
  await sql`delete from ${sql.table(CONTROLS_TABLE)} where done_at < now() - interval '30 days'`.execute(db);
};

/**
 * Claims the pending controls of `followers` (those this runtime holds), oldest first: each is taken by
 * one runtime only, even when two hear the same NOTIFY.
 */
export const claimControls = async <DB>(handle: Kysely<DB>, followers: readonly string[], by: string): Promise<ControlRow[]> => {
  if (followers.length === 0) return [];
  const db = byName(handle);
  const { rows } = await sql<Record<string, unknown>>`update ${sql.table(CONTROLS_TABLE)} set taken_by = ${by}, taken_at = now()
    where id in (select id from ${sql.table(CONTROLS_TABLE)}
      where taken_at is null and done_at is null and follower = any(${[...followers]}::text[])
      for update skip locked)
    returning *`.execute(db);
  return rows.map(toControlRow).sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.id.localeCompare(b.id));
};

/** Records how the control went (null: carried out) and tells the asker. */
export const recordOutcome = async <DB>(handle: Kysely<DB>, id: string, error: ControlError | null): Promise<void> => {
  const db = byName(handle);
  await sql`with done as (
      update ${sql.table(CONTROLS_TABLE)} set done_at = now(), error = ${error ? JSON.stringify(error) : null}::jsonb where id = ${id} returning id)
    select pg_notify(${CONTROL_DONE_CHANNEL}, id) from done`.execute(db);
};

/** Records how a rebuild asked for by a control ended, and tells the asker. */
export const recordRebuildResult = async <DB>(handle: Kysely<DB>, id: string, result: RebuildResult): Promise<void> => {
  const db = byName(handle);
  await sql`with finished as (
      update ${sql.table(CONTROLS_TABLE)} set result = ${JSON.stringify(result)}::jsonb, finished_at = now() where id = ${id} returning id)
    select pg_notify(${CONTROL_DONE_CHANNEL}, id) from finished`.execute(db);
};

/** Gives up a control no holder has taken, so none carries it out after its asker stopped waiting; false when taken. */
export const withdrawControl = async <DB>(handle: Kysely<DB>, id: string, error: ControlError): Promise<boolean> => {
  const db = byName(handle);
  const { rows } = await sql`update ${sql.table(CONTROLS_TABLE)} set done_at = now(), error = ${JSON.stringify(error)}::jsonb
    where id = ${id} and taken_at is null and done_at is null returning id`.execute(db);
  return rows.length === 1;
};

export const readControl = async <DB>(handle: Kysely<DB>, id: string): Promise<ControlRow | null> => {
  const db = byName(handle);
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(CONTROLS_TABLE)} where id = ${id}`.execute(db);
  return rows[0] ? toControlRow(rows[0]) : null;
};
