// A small wrapper around kysely's Migrator that any module (event store, each read model) can use
// with its own list of timestamped migrations. Each list keeps its own bookkeeping table, so lists
// evolve independently and a rebuild can drop one read model's tables without touching the others.
import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import type { Kysely, Migration, MigrationResultSet } from 'kysely';

/** Same shape as projections' ReadModelMigration: a timestamped name plus up/down. */
export interface NamedMigration {
  name: string;
  up(db: Kysely<unknown>): Promise<void>;
  down(db: Kysely<unknown>): Promise<void>;
}

export interface MigrationSet {
  /** Identifies the list; becomes `${table}` and `${table}_lock` bookkeeping tables. */
  table: string;
  migrations: readonly NamedMigration[];
  /** Schema that holds the bookkeeping tables (default: the search path, usually public). */
  schema?: string;
}

function migratorFor<DB>(db: Kysely<DB>, set: MigrationSet): Migrator {
  const names = new Set<string>();
  for (const m of set.migrations) {
    if (names.has(m.name)) throw new Error(`Duplicate migration name ${m.name} in ${set.table}`);
    names.add(m.name);
  }
  return new Migrator({
    db,
    migrationTableName: set.table,
    migrationLockTableName: `${set.table}_lock`,
    ...(set.schema ? { migrationTableSchema: set.schema } : {}),
    provider: {
      getMigrations: async () => Object.fromEntries(set.migrations.map((m): [string, Migration] => [m.name, { up: m.up, down: m.down }])),
    },
  });
}

function unwrap({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const cause = error instanceof Error ? error : new Error(String(error));
    if (failed) cause.message = `Migration ${failed} failed: ${cause.message}`;
    throw cause;
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Whether the set's bookkeeping table lists exactly its migrations, all run: then there is nothing to do.
 * Every start of the app asks this of each read model, and kysely's Migrator finds its two bookkeeping
 * tables by reading every column of the catalogue (its introspection), twice per set: 38 such reads were
 * 40% of a test server's start on PGlite. Two small queries answer it here; anything else (a table
 * missing, a migration pending, one run that the list no longer has) goes to the Migrator and its checks.
 */
async function isUpToDate<DB>(db: Kysely<DB>, set: MigrationSet): Promise<boolean> {
  const qualified = set.schema ? `${quoteIdent(set.schema)}.${quoteIdent(set.table)}` : quoteIdent(set.table);
  const found = await sql<{ relation: string | null }>`select to_regclass(${qualified})::text as relation`.execute(db);
  if (!found.rows[0]?.relation) return false;
  const { rows } = await sql<{ name: string }>`select name from ${sql.raw(qualified)}`.execute(db);
  const run = new Set(rows.map((r) => r.name));
  return run.size === set.migrations.length && set.migrations.every((m) => run.has(m.name));
}

/** Runs every pending migration of the set, in name order, in one transaction. Returns the names applied. */
export async function migrateToLatest<DB>(db: Kysely<DB>, set: MigrationSet): Promise<string[]> {
  const migrator = migratorFor(db, set); // checks the list's names first, whatever the table holds
  if (await isUpToDate(db, set)) return [];
  return unwrap(await migrator.migrateToLatest());
}

/** Undoes migrations down to (but not including) `target`; with no target, undoes them all. */
export async function migrateDownTo<DB>(db: Kysely<DB>, set: MigrationSet, target?: string): Promise<string[]> {
  return unwrap(await migratorFor(db, set).migrateTo(target ?? NO_MIGRATIONS));
}
