// The blue/green part of a rebuild: fresh tables in a build schema that readers never look at, a
// resumable build state beside them, and one transaction that swaps them into public.
import { sql, type Kysely } from 'kysely';
import type { Projector } from '../types.js';
import type { TablesByName } from '../runtime/set-wise.js';
import { insertCheckpointRow, lockCheckpointRow, writeCheckpoint } from '../runtime/bookkeeping.js';
import { migrateProjector, migrationBookkeepingTables, missingTables, quoteIdent, schemaExists } from '../runtime/migrate.js';

const STATE_TABLE = '_rebuild_state';

export interface BuildState {
  /** Where the build stands in the global log; null before the first event. */
  checkpoint: string | null;
  eventsDone: number;
}

const ident = (name: string) => sql.raw(quoteIdent(name));

/**
 * Resumes a build left by an interrupted rebuild of the same projector version, or starts afresh.
 * The state row is written last, so a build killed while being created is started again.
 */
export const openBuild = async (db: Kysely<TablesByName>, projector: Projector, build: string): Promise<BuildState & { resumed: boolean }> => {
  if (await schemaExists(db, build)) {
    const missing = await missingTables(db, build, [STATE_TABLE, ...projector.tables]);
    if (missing.length === 0) {
      const state = await db.withSchema(build).selectFrom(STATE_TABLE).selectAll().executeTakeFirst();
      if (state && state.projector === projector.name && Number(state.version) === projector.version) {
        return { checkpoint: state.checkpoint == null ? null : String(state.checkpoint), eventsDone: Number(state.events_done), resumed: true };
      }
    }
    await sql`drop schema ${ident(build)} cascade`.execute(db);
  }
  await sql`create schema ${ident(build)}`.execute(db);
  await migrateProjector(db, projector, build);
  const scoped = db.withSchema(build);
  await scoped.schema
    .createTable(STATE_TABLE)
    .addColumn('projector', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('checkpoint', 'text')
    .addColumn('events_done', 'bigint', (c) => c.notNull())
    .execute();
  await scoped.insertInto(STATE_TABLE).values({ projector: projector.name, version: projector.version, checkpoint: null, events_done: 0 }).execute();
  return { checkpoint: null, eventsDone: 0, resumed: false };
};

/** Called inside the batch transaction, so the build's rows and its position never disagree. */
export const saveBuildState = async (trx: Kysely<TablesByName>, build: string, state: BuildState): Promise<void> => {
  await trx.withSchema(build).updateTable(STATE_TABLE).set({ checkpoint: state.checkpoint, events_done: state.eventsDone }).execute();
};

/** The live read model's row stands past the build: the swap would lose what the live follower applied since. */
export type SwapOutcome = 'swapped' | { behind: string };

/** Rolls the swap's transaction back (and its locks with it) when the live row stands past the build. */
class LiveAhead {
  constructor(readonly checkpoint: string) {}
}

/**
 * Replaces the live tables with the built ones and sets the checkpoint, in one transaction, but only
 * if the built tables hold every event the live ones do. The live tables are locked first, then the
 * checkpoint row: a runtime batch writes to the tables before it moves the checkpoint
 * (moveCheckpointAndNotify), so taking them in the same order means a batch under way either commits
 * first or waits and then finds the checkpoint moved and rolls back. With both locks held, the row of
 * the live read model (at this version) says how far the old tables are: past the build's
 * `checkpoint`, nothing is swapped and the answer says where the row stands, so the caller builds on
 * and tries again; at or before it, the new tables hold everything the old ones showed, and the row
 * moves to the build's position. A row at another version belongs to other tables (a version change):
 * the build replaces them whatever their position. A deadlock is still possible when a batch holds
 * one table of a many-table projector while the swap holds another; PostgreSQL then aborts one side,
 * and the swap, like the batch, simply runs again.
 */
export const swapIn = async (...args: Parameters<typeof swapOnce>): Promise<SwapOutcome> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await swapOnce(...args);
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
    }
  }
};

const swapOnce = async (
  db: Kysely<TablesByName>,
  projector: Projector,
  build: string,
  checkpoint: string | null,
  compare: (a: string | null, b: string | null) => number,
): Promise<SwapOutcome> => {
  const tables = [...projector.tables, ...migrationBookkeepingTables(projector)];
  try {
    await db.transaction().execute(async (trx) => {
      const live = await sql<{ name: string }>`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname = any(${tables}::text[])`.execute(trx);
      if (live.rows.length > 0) {
        await sql`lock table ${sql.join(live.rows.map((r) => sql`public.${ident(r.name)}`))} in access exclusive mode`.execute(trx);
      }
      await insertCheckpointRow(trx, projector.name, projector.version);
      const row = await lockCheckpointRow(trx, projector.name);
      if (row && row.version === projector.version && compare(row.checkpoint, checkpoint) > 0) {
        throw new LiveAhead(row.checkpoint!);
      }
      for (const table of tables) {
        await sql`drop table if exists public.${ident(table)}`.execute(trx);
        await sql`alter table ${ident(build)}.${ident(table)} set schema public`.execute(trx);
      }
      await writeCheckpoint(trx, projector.name, checkpoint, projector.version);
      await sql`drop schema ${ident(build)} cascade`.execute(trx);
    });
  } catch (error) {
    if (error instanceof LiveAhead) return { behind: error.checkpoint };
    throw error;
  }
  return 'swapped';
};
