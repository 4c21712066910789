// The one place entry points (API, projector, rebuild CLI, bench) turn the environment into
// database handles: DATABASE_URL -> PostgreSQL, else PGlite in PGLITE_DATA_DIR (default
// $DATA_DIR/pglite, DATA_DIR defaulting to ./data: the same rule as api/config.ts); EVENTSTORE_URL moves
// the event log to EventStoreDB while read models stay in SQL.
import { createEventStore } from './create-event-store.js';
import { openSqlDatabase } from './sql-database.js';
import type { PGliteStart, SqlDatabase } from './sql-database.js';
import type { SqlEventStoreOptions } from './sql-event-store.js';
import type { EventStore } from './types.js';

export interface Connections<DB> {
  /** DB: the kysely Database interface the caller reads through `sql.db` (the read models' tables). */
  sql: SqlDatabase<DB>;
  store: EventStore;
  /** Closes the store, then the database. */
  close(): Promise<void>;
}

export const pgliteDataDir = (env: NodeJS.ProcessEnv): string => env.PGLITE_DATA_DIR?.trim() || `${(env.DATA_DIR?.trim() || './data').replace(/\/+$/, '')}/pglite`;

/** Options the API takes from its validated configuration (api/config.ts); command-line tools use the defaults. */
export interface ConnectOptions {
  inFlight?: SqlEventStoreOptions['inFlight'];
  /** An in-memory PGlite's saved database and compiled parts (tests only). */
  pglite?: PGliteStart;
}

export async function connectFromEnv<DB>(env: NodeJS.ProcessEnv = process.env, options: ConnectOptions = {}): Promise<Connections<DB>> {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const eventStoreUrl = env.EVENTSTORE_URL?.trim() || undefined;
  const sql = await openSqlDatabase<DB>(databaseUrl ? { url: databaseUrl } : { dataDir: pgliteDataDir(env), pglite: options.pglite });
  try {
    const store = await createEventStore(eventStoreUrl ? { kind: 'eventstoredb', url: eventStoreUrl } : { kind: 'sql', sql, inFlight: options.inFlight });
    return {
      sql,
      store,
      async close() {
        await store.close();
        await sql.close();
      },
    };
  } catch (error) {
    await sql.close();
    throw error;
  }
}
