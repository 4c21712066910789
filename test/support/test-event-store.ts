// The real event store for command integration tests (DESIGN.md §8): PostgreSQL when
// TEST_DATABASE_URL or DATABASE_URL is set, in a database of its own that is dropped afterwards
// (other suites run concurrently on the same server), otherwise in-memory PGlite.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openSqlDatabase, type SqlDatabase } from '../../eventstore/sql-database.js';
import { createSqlEventStore } from '../../eventstore/sql-event-store.js';
import type { EventStore } from '../../eventstore/types.js';
import { rememberedDeciders, wireCommands, type CommandDeps } from '../../commands/wiring.js';
import type { ReadModelsDb } from '../../projections/read-models.js';
import { openBlankPglite } from './blank-pglite.js';

export interface TestEventStore {
  store: EventStore;
  /** This process's commands over `store`, wired as api/main.ts wires them. */
  commands: CommandDeps;
  close(): Promise<void>;
}

/** Commands over `store` as api/main.ts wires them: another call is another process (its own remembered states). */
export const wireTestCommands = (store: EventStore): CommandDeps => wireCommands({ store, cachedDeciders: rememberedDeciders });

const serverUrl = () => process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;

const withAdmin = async (url: string, statement: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/** The store on an opened database, with its runtime; `afterClose` drops what was made for it. */
const storeOn = async (sql: SqlDatabase<ReadModelsDb>, afterClose: () => Promise<void> = async () => {}): Promise<TestEventStore> => {
  const store = await createSqlEventStore(sql);
  return {
    store,
    commands: wireTestCommands(store),
    async close() {
      await store.close();
      await sql.close();
      await afterClose();
    },
  };
};

export const openTestEventStore = async (label: string): Promise<TestEventStore> => {
  const url = serverUrl();
  if (!url) return storeOn(await openBlankPglite<ReadModelsDb>());
  const name = `t_${label}_${randomUUID().slice(0, 8)}`.replace(/[^a-z0-9_]/g, '_');
  await withAdmin(url, `create database "${name}"`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return storeOn(await openSqlDatabase<ReadModelsDb>({ url: dbUrl.toString(), poolSize: 4 }), async () => {
    await withAdmin(url, `drop database if exists "${name}" with (force)`);
  });
};

/**
 * The same store, except that the first `readers` stream reads (readStream or readStreams) wait for
 * each other: every one of those commands then decides on the same revision, so the concurrency
 * conflict is certain rather than a matter of scheduling.
 */
export const withReadBarrier = (store: EventStore, readers: number): EventStore => {
  let arrived = 0;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  const barrier = async <T>(read: Promise<T>): Promise<T> => {
    const events = await read;
    if (arrived < readers) {
      arrived += 1;
      if (arrived === readers) release();
      await allArrived;
    }
    return events;
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'readStream') return (...args: Parameters<EventStore['readStream']>) => barrier(target.readStream(...args));
      if (property === 'readStreams') return (...args: Parameters<EventStore['readStreams']>) => barrier(target.readStreams(...args));
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};
