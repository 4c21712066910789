// One handle on the SQL database that holds the event log and the read models: PostgreSQL through a
// pg Pool, or PGlite (embedded, single connection) through kysely-pglite-dialect. Both return the
// same JS types for the same SQL types, so read-model code does not care which one it runs on.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { lockDataDirectory } from './data-dir-lock.js';
import { PgListener, quoteChannel, type ListenOptions } from './pg-listener.js';
import { PreparingClient } from './preparing-client.js';

/**
 * The handle as the event store and the projection runtime see it: they name their tables at run
 * time, so they take `handle` (typed for no table) and view it through their own types.
 */
export interface SqlConnection {
  kind: 'postgres' | 'pglite';
  handle: Kysely<unknown>;
  /**
   * LISTEN on a channel; returns the matching UNLISTEN. Payloads arrive as sent by NOTIFY. With
   * `othersOnly`, a NOTIFY that this handle's notify() sent is not delivered back to this listener
   * (PostgreSQL only; PGlite has one session, whose every NOTIFY is its own, and delivers them all).
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /**
   * NOTIFY outside any transaction (on PostgreSQL over the idle LISTEN connection, so it never waits
   * for a pool slot). Inside a transaction use `select pg_notify(...)` on the transaction instead.
   */
  notify(channel: string, payload?: string): Promise<void>;
  close(): Promise<void>;
  pool?: pg.Pool;
  pglite?: PGlite;
}

/** The handle with `db`, the same kysely instance typed by the caller's Database interface (the read models'). */
export interface SqlDatabase<DB> extends SqlConnection {
  db: Kysely<DB>;
}

export interface OpenSqlDatabaseOptions {
  /** postgres://... ; when set, PostgreSQL is used. */
  url?: string;
  /** PGlite data directory, or 'memory' for an in-memory database. Default ./data/pglite. */
  dataDir?: string;
  /** PostgreSQL pool size, default 10. */
  poolSize?: number;
  /** An in-memory PGlite's start from a saved database and already compiled parts (tests; see PGliteStart). */
  pglite?: PGliteStart;
}

/**
 * What an in-memory PGlite may start from instead of creating and migrating a database: tests start
 * each server from one saved after the migrations (`dumpDataDir`), with the WebAssembly module and
 * file-system bundle their worker has already loaded. Production never passes it.
 */
export interface PGliteStart {
  loadDataDir?: Blob;
  pgliteWasmModule?: WebAssembly.Module;
  fsBundle?: Blob;
}

const OID = { int8: 20, numeric: 1700, date: 1082, int8Array: 1016, numericArray: 1231 } as const;

// int8 (count(*), sum(int), bigserial ids) and numeric (avg, sum(bigint)) become JS numbers on both
// engines: PGlite already does so for int8, and read models deal in counts and points, not values
// beyond 2^53. Exact positions (event store) are selected as ::text instead. Dates stay 'YYYY-MM-DD'
// so that a date never shifts by the process time zone.
const toNumber = (value: string) => Number(value);
const toNumberArray = (value: string) =>
  value === '{}'
    ? []
    : value
        .slice(1, -1)
        .split(',')
        .map((v) => (v === 'NULL' ? null : Number(v)));
const identity = (value: string) => value;

const pgTypeParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: toNumber,
  [OID.numeric]: toNumber,
  [OID.date]: identity,
  [OID.int8Array]: toNumberArray,
  [OID.numericArray]: toNumberArray,
};

export async function openSqlDatabase<DB>(opts: OpenSqlDatabaseOptions): Promise<SqlDatabase<DB>> {
  return opts.url ? openPostgres<DB>(opts.url, opts.poolSize ?? 10) : openPglite<DB>(opts.dataDir ?? './data/pglite', opts.pglite);
}

async function openPostgres<DB>(url: string, poolSize: number): Promise<SqlDatabase<DB>> {
  // Per-pool parsers (not pg.types.setTypeParser) so other pools in the process keep pg's defaults.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      format !== 'binary' && pgTypeParsers[oid] ? pgTypeParsers[oid] : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types, Client: PreparingClient });
  // An idle client that dies is dropped by the pool; without a handler its error would crash the process.
  pool.on('error', () => {});
  const probe = await pool.connect(); // fail fast on a bad URL instead of at the first query
  probe.release();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const listener = new PgListener({ connectionString: url, types });
  return {
    kind: 'postgres',
    db,
    handle: db as Kysely<unknown>,
    pool,
    listen: (channel, onPayload, options) => listener.listen(channel, onPayload, options),
    notify: (channel, payload = '') => listener.notify(channel, payload, pool),
    async close() {
      await listener.close();
      await db.destroy(); // ends the pool
    },
  };
}

async function openPglite<DB>(dataDir: string, start: PGliteStart = {}): Promise<SqlDatabase<DB>> {
  const inMemory = dataDir === 'memory' || dataDir.startsWith('memory://');
  // A saved database replaces a directory's own files only in memory: on disk the files are the data.
  if (!inMemory && start.loadDataDir) throw new Error('a saved PGlite database can only be loaded into an in-memory one');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // Before PGlite touches a file: a second process on the same directory corrupts it (data-dir-lock.ts).
  const lock = inMemory ? null : lockDataDirectory(dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(inMemory ? 'memory://' : dataDir, {
      parsers: { [OID.int8]: toNumber, [OID.numeric]: toNumber, [OID.date]: identity },
      // Trigram indexes of the skill search (DESIGN.md §11); PostgreSQL ships pg_trgm as a contrib module.
      extensions: { pg_trgm },
      ...start,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  // PGlite has one session. The dialect queues every kysely query and transaction behind the one that
  // holds the connection, but direct pglite calls bypass that queue and would run inside someone
  // else's open transaction; so LISTEN/UNLISTEN take the connection through kysely first.
  const withConnection = <T>(fn: () => Promise<T>) => db.connection().execute(fn);
  return {
    kind: 'pglite',
    db,
    handle: db as Kysely<unknown>,
    pglite,
    async listen(channel, onPayload) {
      quoteChannel(channel);
      const unlisten = await withConnection(() => pglite.listen(channel, onPayload));
      return () => withConnection(() => unlisten());
    },
    async notify(channel, payload = '') {
      quoteChannel(channel);
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    async close() {
      try {
        await db.destroy(); // closes pglite, flushing a file-backed database
      } finally {
        lock?.release();
      }
    },
  };
}
