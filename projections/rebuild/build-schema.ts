// The blue/green part of a rebuild: fresh tables in a build schema that readers never look at, a
// resumable build state beside them, and one transaction that swaps them into public.
import { sql, type Kysely } from 'kysely';
import type { Projector } from '../types.js';
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
export const openBuild = async (db: Kysely<any>, projector: Projector, build: string): Promise<BuildState & { resumed: boolean }> => {
  if (await schemaExists(db, build)) {
    const missing = await missingTables(db, build, [STATE_TABLE, ...projector.tables]);
    if (missing.length === 0) {
      const state = await db.withSchema(build).selectFrom(STATE_TABLE).selectAll().executeTakeFirst();
      if (state && state.projector === projector.name && Number(state.version) === projector.version) {
        return { checkpoint: state.checkpoint ?? null, eventsDone: Number(state.events_done), resumed: true };
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
export const saveBuildState = async (trx: Kysely<any>, build: string, state: BuildState): Promise<void> => {
  await trx.withSchema(build).updateTable(STATE_TABLE).set({ checkpoint: state.checkpoint, events_done: state.eventsDone }).execute();
};

/**
 * Replaces the live tables with the built ones and sets the checkpoint, in one transaction. The
 * checkpoint row is locked first: a runtime applying a batch to the old tables either commits before
 * (and its rows are dropped with them) or finds the checkpoint moved and re-reads it.
 */
export const swapIn = async (db: Kysely<any>, projector: Projector, build: string, checkpoint: string | null): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await insertCheckpointRow(trx, projector.name, projector.version);
    await lockCheckpointRow(trx, projector.name);
    for (const table of [...projector.tables, ...migrationBookkeepingTables(projector)]) {
      await sql`drop table if exists public.${ident(table)}`.execute(trx);
      await sql`alter table ${ident(build)}.${ident(table)} set schema public`.execute(trx);
    }
    await writeCheckpoint(trx, projector.name, checkpoint, projector.version);
    await sql`drop schema ${ident(build)} cascade`.execute(trx);
  });
};

/** Removes a build without swapping it in (used by tests and after a version change). */
export const dropBuild = async (db: Kysely<any>, build: string): Promise<void> => {
  await sql`drop schema if exists ${ident(build)} cascade`.execute(db);
};
