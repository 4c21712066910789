// The runtime's own tables: one checkpoint row per projector, written in the same transaction as the
// projector's rows (DESIGN.md §4), plus the failure a stopped projector records for admins and what its
// holder publishes for the other processes; and the controls asked across processes (control-rows.ts).
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../eventstore/migrations/run-migrations.js';
import type { ReadModelMigration } from '../types.js';
import { byName } from './set-wise.js';

export const CHECKPOINTS_TABLE = 'projection_checkpoints';
/** Controls asked of the process holding a follower (control-rows.ts). */
export const CONTROLS_TABLE = 'projection_controls';
const NOT_MOVED_FUNCTION = 'projection_checkpoint_not_moved';
/** The SQLSTATE that function raises (a code of our own: class SS is not PostgreSQL's). */
const NOT_MOVED_CODE = 'SSC01';

/** What a projector that stopped on an event records; shown to admins, cleared by the next success. */
export interface ProjectorFailure {
  /** Global position of the event whose handler threw (as a string: it may exceed 2^53). */
  position: string;
  checkpoint: string;
  eventId: string;
  eventType: string;
  streamId: string;
  error: string;
  failedAt: string;
}

/**
 * What the runtime holding a follower's lock publishes on its row for the runtimes standing by
 * (status-publisher.ts): written when its state changes and every few seconds, never per event.
 */
export interface PublishedStatus {
  holder: string;
  /** A FollowerState, as the holder's version of the code knows them. */
  state: string;
  rebuild: { done: number; total: number } | null;
  stalled: boolean;
  heartbeatAt: string;
  /** How the last `rebuild` control of it failed, while no later one began (RebuildFailure). */
  rebuildFailure: RebuildFailure | null;
}

/** A `rebuild` control that failed: what it threw, when, and who had asked for it. */
export interface RebuildFailure {
  error: string;
  failedAt: string;
  by: string | null;
}

export interface CheckpointRow {
  name: string;
  version: number;
  checkpoint: string | null;
  status: 'running' | 'failed';
  failure: ProjectorFailure | null;
  updatedAt: string;
  /** Null until a holder published (or written by a version without publishing). */
  published: PublishedStatus | null;
}

const runtimeMigrations: readonly ReadModelMigration[] = [
  {
    name: '20261122T0800-create-projection-checkpoints',
    async up(db) {
      await db.schema
        .createTable(CHECKPOINTS_TABLE)
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('checkpoint', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('running'))
        .addColumn('failure', 'jsonb')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
    async down(db) {
      await db.schema.dropTable(CHECKPOINTS_TABLE).ifExists().execute();
    },
  },
  {
    // Raised by a one-statement batch whose checkpoint row moved: the error rolls the statement back.
    name: '20261122T1700-create-checkpoint-not-moved-function',
    async up(db) {
      await sql`create or replace function ${sql.raw(NOT_MOVED_FUNCTION)}(projector text) returns integer language plpgsql volatile as $$
        begin
          raise exception 'checkpoint of projector % is not where the batch began', projector using errcode = ${sql.lit(NOT_MOVED_CODE)};
        end $$`.execute(db);
    },
    async down(db) {
      await sql`drop function if exists ${sql.raw(NOT_MOVED_FUNCTION)}(text)`.execute(db);
    },
  },
  {
    // The holder's view for the other processes (PublishedStatus). `if not exists`: a second runtime
    // starting at the same moment waits on the migration lock, then finds the columns there.
    name: '20261129T0000-add-published-status-to-checkpoints',
    async up(db) {
      await sql`alter table ${sql.table(CHECKPOINTS_TABLE)}
        add column if not exists holder text,
        add column if not exists state text,
        add column if not exists rebuild jsonb,
        add column if not exists stalled boolean not null default false,
        add column if not exists heartbeat_at timestamptz`.execute(db);
    },
    async down(db) {
      await sql`alter table ${sql.table(CHECKPOINTS_TABLE)}
        drop column if exists holder, drop column if exists state, drop column if exists rebuild,
        drop column if exists stalled, drop column if exists heartbeat_at`.execute(db);
    },
  },
  {
    // Controls one process asks of the process holding a follower (control-rows.ts).
    name: '20261129T0010-create-projection-controls',
    async up(db) {
      await sql`create table if not exists ${sql.table(CONTROLS_TABLE)} (
        id text primary key,
        follower text not null,
        action text not null,
        arguments jsonb not null default '{}',
        requested_by text not null,
        requested_at timestamptz not null default now(),
        taken_by text,
        taken_at timestamptz,
        done_at timestamptz,
        error jsonb,
        result jsonb,
        finished_at timestamptz
      )`.execute(db);
      // Holders look for pending controls of their followers; done rows are only read by id.
      await sql`create index if not exists projection_controls_pending on ${sql.table(CONTROLS_TABLE)} (follower, requested_at)
        where taken_at is null and done_at is null`.execute(db);
    },
    async down(db) {
      await sql`drop table if exists ${sql.table(CONTROLS_TABLE)}`.execute(db);
    },
  },
  {
    // A failed `rebuild` control, published for the other processes' status (RebuildFailure).
    name: '20261129T0400-add-rebuild-failure-to-checkpoints',
    async up(db) {
      await sql`alter table ${sql.table(CHECKPOINTS_TABLE)} add column if not exists rebuild_failure jsonb`.execute(db);
    },
    async down(db) {
      await sql`alter table ${sql.table(CHECKPOINTS_TABLE)} drop column if exists rebuild_failure`.execute(db);
    },
  },
];

export const ensureRuntimeTables = async <DB>(handle: Kysely<DB>): Promise<void> => {
  const db = byName(handle);
  await migrateToLatest(db, { table: 'projection_runtime_migrations', migrations: runtimeMigrations, schema: 'public' });
};

const isoOf = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value));

const toCheckpointRow = (row: Record<string, unknown>): CheckpointRow => ({
  name: String(row.name),
  version: Number(row.version),
  checkpoint: (row.checkpoint as string | null) ?? null,
  status: row.status === 'failed' ? 'failed' : 'running',
  failure: (row.failure as ProjectorFailure | null) ?? null,
  updatedAt: isoOf(row.updated_at)!,
  published:
    typeof row.holder === 'string' && typeof row.state === 'string'
      ? {
          holder: row.holder,
          state: row.state,
          rebuild: (row.rebuild as { done: number; total: number } | null) ?? null,
          stalled: row.stalled === true,
          heartbeatAt: isoOf(row.heartbeat_at) ?? isoOf(row.updated_at)!,
          rebuildFailure: (row.rebuild_failure as RebuildFailure | null) ?? null,
        }
      : null,
});

export const readCheckpointRow = async <DB>(handle: Kysely<DB>, name: string): Promise<CheckpointRow | null> => {
  const db = byName(handle);
  const row = await db.selectFrom(CHECKPOINTS_TABLE).selectAll().where('name', '=', name).executeTakeFirst();
  return row ? toCheckpointRow(row) : null;
};

/** Every projector's bookkeeping, for admin pages in processes that run no projection runtime. */
export const listCheckpointRows = async <DB>(handle: Kysely<DB>): Promise<CheckpointRow[]> => {
  const db = byName(handle);
  const rows = await db.selectFrom(CHECKPOINTS_TABLE).selectAll().orderBy('name').execute();
  return rows.map(toCheckpointRow);
};

export const insertCheckpointRow = async <DB>(handle: Kysely<DB>, name: string, version: number): Promise<void> => {
  const db = byName(handle);
  await db
    .insertInto(CHECKPOINTS_TABLE)
    .values({ name, version, checkpoint: null, status: 'running' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
};

/** Locks the row until the transaction ends: batches, rebuild swaps and failures serialise on it. */
export const lockCheckpointRow = async <DB>(handle: Kysely<DB>, name: string): Promise<CheckpointRow | null> => {
  const trx = byName(handle);
  const row = await trx.selectFrom(CHECKPOINTS_TABLE).selectAll().where('name', '=', name).forUpdate().executeTakeFirst();
  return row ? toCheckpointRow(row) : null;
};

export const writeCheckpoint = async <DB>(handle: Kysely<DB>, name: string, checkpoint: string | null, version?: number): Promise<void> => {
  const trx = byName(handle);
  await trx
    .updateTable(CHECKPOINTS_TABLE)
    .set({ checkpoint, status: 'running', failure: null, updated_at: sql`now()`, ...(version === undefined ? {} : { version }) })
    .where('name', '=', name)
    .execute();
};

/**
 * Moves a projector's checkpoint from `from` to `to` and sends the batch's NOTIFY payloads, in one
 * statement: the last write of a batch's transaction, or, with `writes` (a planned batch's row writes,
 * runtime/commit-batch.ts), the whole batch as data-modifying CTEs of a single statement, atomic
 * without a transaction. It moves only while the row still holds `from` at `version`;
 * otherwise the statement raises (NOT_MOVED_CODE), nothing of it stays, and the answer is false: a rebuild
 * swapped in other tables (or another version took over) since the batch began, and the batch must roll
 * back. Checking here instead of locking the row when the batch starts costs one statement fewer per
 * batch; the row lock it takes is held to the commit, and swapIn locks the tables before the row, so the
 * two do not wait for each other in a cycle.
 */
export const moveCheckpointAndNotify = async <DB>(
  handle: Kysely<DB>,
  move: { name: string; version: number; from: string | null; to: string },
  channel: string,
  payloads: readonly string[],
  writes: readonly CompiledQuery[] = [],
): Promise<boolean> => {
  const db = byName(handle);
  const parameters: unknown[] = [];
  const param = (value: unknown) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  // Each write was compiled alone ($1..$n); its placeholders move past the ones already taken. The
  // texts come from rowWrites, whose identifiers are quoted names and which inlines no strings.
  const ctes = writes.map((write, i) => {
    const offset = parameters.length;
    parameters.push(...write.parameters);
    return `w${i} as (${write.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  const name = param(move.name);
  ctes.push(
    `moved as (update "${CHECKPOINTS_TABLE}" set checkpoint = ${param(move.to)}, status = 'running', failure = null, updated_at = now()
      where name = ${name} and version = ${param(move.version)} and checkpoint is not distinct from ${param(move.from)}::text returning name)`,
    `notified as (select pg_notify(${param(channel)}, p) from moved cross join unnest(${param([...payloads])}::text[]) as p)`,
  );
  // A batch commits without waiting for its WAL flush (asynchronous commit, for this transaction only):
  // a read model is derived from the events, which are committed durably, and the checkpoint commits
  // with the rows, so a crash loses both together and the projector applies those events again. The
  // rows are visible to readers as soon as the commit returns either way (docs/decisions.md 36).
  ctes.push(`relaxed as (select set_config('synchronous_commit', 'off', true) as setting)`);
  // A SELECT in WITH runs only when referenced: counting 'notified' is what sends the NOTIFYs, and
  // reading 'relaxed' is what applies the setting before the commit.
  const text = `with ${ctes.join(',\n')}
    select case when (select count(*) from moved) = 1 then (select count(*) from notified)::int else ${NOT_MOVED_FUNCTION}(${name}::text) end as notified,
      (select setting from relaxed) as commit_mode`;
  try {
    await db.executeQuery(CompiledQuery.raw(text, parameters));
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === NOT_MOVED_CODE) return false;
    throw error;
  }
};

export const recordFailure = async <DB>(handle: Kysely<DB>, name: string, failure: ProjectorFailure): Promise<void> => {
  const db = byName(handle);
  await db
    .updateTable(CHECKPOINTS_TABLE)
    .set({ status: 'failed', failure: JSON.stringify(failure), updated_at: sql`now()` })
    .where('name', '=', name)
    .execute();
};

/** A restarted runtime tries a failed projector again (the fix may have shipped); the failure stays until it passes. */
export const markRunning = async <DB>(handle: Kysely<DB>, name: string): Promise<void> => {
  const db = byName(handle);
  await db.updateTable(CHECKPOINTS_TABLE).set({ status: 'running' }).where('name', '=', name).execute();
};
