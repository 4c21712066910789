// A small wrapper around kysely's Migrator that any module (event store, each read model) can use
// with its own list of timestamped migrations. Each list keeps its own bookkeeping table, so lists
// evolve independently and a rebuild can drop one read model's tables without touching the others.
import { Migrator, NO_MIGRATIONS } from 'kysely';
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

/** Runs every pending migration of the set, in name order, in one transaction. Returns the names applied. */
export async function migrateToLatest<DB>(db: Kysely<DB>, set: MigrationSet): Promise<string[]> {
  return unwrap(await migratorFor(db, set).migrateToLatest());
}

/** Undoes migrations down to (but not including) `target`; with no target, undoes them all. */
export async function migrateDownTo<DB>(db: Kysely<DB>, set: MigrationSet, target?: string): Promise<string[]> {
  return unwrap(await migratorFor(db, set).migrateTo(target ?? NO_MIGRATIONS));
}
