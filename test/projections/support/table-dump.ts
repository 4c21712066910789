// Full dumps of read-model tables, to compare two builds of the same log row for row.
import { sql, type Kysely } from 'kysely';
import type { Projector } from '../../../projections/types.js';

const normalise = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** Every row of every table of the projectors, ordered by all columns, keyed by table. */
export const dumpTables = async (db: Kysely<any>, projectors: readonly Projector[]): Promise<Record<string, unknown[]>> => {
  const dump: Record<string, unknown[]> = {};
  for (const projector of projectors) {
    for (const table of projector.tables) {
      const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db);
      dump[table] = result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, normalise(v)])));
    }
  }
  return dump;
};

export const dropTables = async (db: Kysely<any>, projectors: readonly Projector[]): Promise<void> => {
  for (const projector of projectors) {
    for (const table of projector.tables) await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
};

/** Forgets every read model: tables, checkpoints and migration bookkeeping, as on a fresh install. */
export const dropProjectionState = async (db: Kysely<any>, projectors: readonly Projector[]): Promise<void> => {
  await dropTables(db, projectors);
  const bookkeeping = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and (table_name like 'projection\\_%')`.execute(db);
  for (const { table_name } of bookkeeping.rows) await sql`drop table ${sql.table(table_name)}`.execute(db);
};
