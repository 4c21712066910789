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

/**
 * Replaces the live tables with the built ones and sets the checkpoint, in one transaction. The live
 * tables are locked first, then the checkpoint row: a runtime batch writes to the tables before it
 * moves the checkpoint (moveCheckpointAndNotify), so taking them in the same order means a batch
 * under way either commits first (its rows are dropped with the old tables) or waits and then finds
 * the checkpoint moved and rolls back. A deadlock is still possible when a batch holds one table of a
 * many-table projector while the swap holds another; PostgreSQL then aborts one side, and the swap,
 * like the batch, simply runs again.
 */
export const swapIn = async (db: Kysely<TablesByName>, projector: Projector, build: string, checkpoint: string | null): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    try {
      await swapOnce(db, projector, build, checkpoint);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
    }
  }
};

const swapOnce = async (db: Kysely<TablesByName>, projector: Projector, build: string, checkpoint: string | null): Promise<void> => {
  const tables = [...projector.tables, ...migrationBookkeepingTables(projector)];
  await db.transaction().execute(async (trx) => {
    const live = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname = any(${tables}::text[])`.execute(trx);
    if (live.rows.length > 0) {
      await sql`lock table ${sql.join(live.rows.map((r) => sql`public.${ident(r.name)}`))} in access exclusive mode`.execute(trx);
    }
    await insertCheckpointRow(trx, projector.name, projector.version);
    await lockCheckpointRow(trx, projector.name);
    for (const table of tables) {
      await sql`drop table if exists public.${ident(table)}`.execute(trx);
      await sql`alter table ${ident(build)}.${ident(table)} set schema public`.execute(trx);
    }
    await writeCheckpoint(trx, projector.name, checkpoint, projector.version);
    await sql`drop schema ${ident(build)} cascade`.execute(trx);
  });
};
