// Each projector's migrations keep their own bookkeeping table in the schema they ran in, so a
// rebuild can create tables and bookkeeping together in a build schema and move both into public.
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../eventstore/migrations/run-migrations.js';
import type { Projector } from '../types.js';

const snake = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_');

export const migrationTableFor = (projector: Pick<Projector, 'name'>) => `projection_migrations_${snake(projector.name)}`;

/** The bookkeeping tables kysely's Migrator keeps for this projector (list and lock). */
export const migrationBookkeepingTables = (projector: Pick<Projector, 'name'>) => [
  migrationTableFor(projector),
  `${migrationTableFor(projector)}_lock`,
];

export const buildSchemaFor = (projector: Pick<Projector, 'name'>) => `projection_build_${snake(projector.name)}`;

export const migrateProjector = async (db: Kysely<any>, projector: Projector, schema: string): Promise<string[]> =>
  migrateToLatest(db.withSchema(schema), { table: migrationTableFor(projector), migrations: projector.migrations, schema });

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Which of `tables` are missing from `schema`. */
export const missingTables = async (db: Kysely<any>, schema: string, tables: readonly string[]): Promise<string[]> => {
  if (tables.length === 0) return [];
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = ${schema} and table_name = any(${[...tables]}::text[])`.execute(db);
  const present = new Set(result.rows.map((r) => r.table_name));
  return tables.filter((t) => !present.has(t));
};

export const schemaExists = async (db: Kysely<any>, schema: string): Promise<boolean> => {
  const result = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(db);
  return Number(result.rows[0]?.n ?? 0) > 0;
};
