// Each projector's migrations keep their own bookkeeping table in the schema they ran in, so a
// rebuild can create tables and bookkeeping together in a build schema and move both into public.
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../eventstore/migrations/run-migrations.js';
import type { Projector } from '../types.js';

const snake = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_');

export const migrationTableFor = (projector: Pick<Projector, 'name'>) => `projection_migrations_${snake(projector.name)}`;

/** The bookkeeping tables kysely's Migrator keeps for this projector (list and lock). */
export const migrationBookkeepingTables = (projector: Pick<Projector, 'name'>) => [migrationTableFor(projector), `${migrationTableFor(projector)}_lock`];

export const buildSchemaFor = (projector: Pick<Projector, 'name'>) => `projection_build_${snake(projector.name)}`;

export const migrateProjector = async <DB>(db: Kysely<DB>, projector: Projector, schema: string): Promise<string[]> =>
  migrateToLatest(db.withSchema(schema), { table: migrationTableFor(projector), migrations: projector.migrations, schema });

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Which of `tables` are missing from `schema`. */
export const missingTables = async <DB>(db: Kysely<DB>, schema: string, tables: readonly string[]): Promise<string[]> => {
  if (tables.length === 0) return [];
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = ${schema} and table_name = any(${[...tables]}::text[])`.execute(db);
  const present = new Set(result.rows.map((r) => r.table_name));
  return tables.filter((t) => !present.has(t));
};

export const schemaExists = async <DB>(db: Kysely<DB>, schema: string): Promise<boolean> => {
  const result = await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(db);
  return Number(result.rows[0]?.n ?? 0) > 0;
};

const DECLARED_TYPE: Record<string, string> = {
  text: 'text',
  integer: 'int4',
  bigint: 'int8',
  boolean: 'bool',
  jsonb: 'jsonb',
  'timestamp with time zone': 'timestamptz',
};

/**
 * How the tables in `schema` differ from the projector's declared columns (name, type, null or not,
 * in order); [] when they agree. A declaration changed without a version bump finds its old tables here.
 */
export const columnDrift = async <DB>(db: Kysely<DB>, schema: string, projector: Pick<Projector, 'columns'>): Promise<string[]> => {
  const declared = Object.entries(projector.columns ?? {});
  if (declared.length === 0) return [];
  const result = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    select table_name, column_name, data_type, is_nullable from information_schema.columns
    where table_schema = ${schema} and table_name = any(${declared.map(([t]) => t)}::text[])
    order by table_name, ordinal_position`.execute(db);
  const describe = (c: { name: string; type: string; notNull: boolean }) => `${c.name} ${c.type}${c.notNull ? ' not null' : ''}`;
  const drift: string[] = [];
  for (const [table, columns] of declared) {
    const actual = result.rows
      .filter((r) => r.table_name === table)
      .map((r) => describe({ name: r.column_name, type: DECLARED_TYPE[r.data_type] ?? r.data_type, notNull: r.is_nullable === 'NO' }));
    const wanted = columns.map(describe);
    if (actual.join(', ') !== wanted.join(', ')) drift.push(`${table}: declared (${wanted.join(', ')}), found (${actual.join(', ')})`);
  }
  return drift;
};
