// Conformance adapters for the SQL event store: PGlite (in memory) and PostgreSQL (a fresh database
// per run, dropped afterwards).
import { openSqlDatabase } from '../../eventstore/sql-database.js';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import { appendWithin, createSqlEventStore } from '../../eventstore/sql-event-store.js';
import type { EventStore, EventToAppend, ExpectedRevision } from '../../eventstore/types.js';
import type { ConformanceAdapter, HeldAppend } from './conformance-helpers.js';
import { createTempDatabase } from './temp-database.js';
import { openBlankPglite } from '../support/blank-pglite.js';

async function beginHeldAppend(sql: SqlDatabase<unknown>, streamId: string, events: EventToAppend[], expectedRevision: ExpectedRevision): Promise<HeldAppend> {
  // On PostgreSQL the controlled transaction keeps its own pool connection until it ends.
  const trx = await sql.db.startTransaction().execute();
  try {
    const result = await appendWithin(trx, streamId, events, { expectedRevision });
    return { result, commit: () => trx.commit().execute(), rollback: () => trx.rollback().execute() };
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
}

export const pgliteAdapter: ConformanceAdapter = {
  name: 'pglite',
  heldTransactions: 'serialised',
  async open() {
    const sql = await openBlankPglite<unknown>();
    const store = await createSqlEventStore(sql);
    return {
      store,
      // Stores on one PGlite share this process, where appends wake them directly.
      openSecondStore: () => createSqlEventStore(sql, { pollIntervalMs: 600_000 }),
      beginHeldAppend: (streamId, events, expected) => beginHeldAppend(sql, streamId, events, expected),
      async close() {
        await store.close();
        await sql.close();
      },
    };
  },
};

/** e.g. postgres://postgres@127.0.0.1:5432/test; the suite creates and drops its own database there. */
export function postgresAdapter(serverUrl: string): ConformanceAdapter {
  return {
    name: 'postgres',
    heldTransactions: 'concurrent',
    async open() {
      const temp = await createTempDatabase(serverUrl, 'es_conf');
      const databases: SqlDatabase<unknown>[] = [];
      const stores: EventStore[] = [];
      const closeAll = async () => {
        for (const s of stores) await s.close().catch(() => {});
        for (const db of databases) await db.close().catch(() => {});
        await temp.drop();
      };
      try {
        const sql = await openSqlDatabase<unknown>({ url: temp.url, poolSize: 16 });
        databases.push(sql);
        const store = await createSqlEventStore(sql);
        stores.push(store);
        return {
          store,
          // Its own pool and LISTEN connection, as another process would have: only NOTIFY wakes it.
          async openSecondStore() {
            const other = await openSqlDatabase<unknown>({ url: temp.url, poolSize: 2 });
            databases.push(other);
            const second = await createSqlEventStore(other, { pollIntervalMs: 600_000, migrate: false });
            stores.push(second);
            return second;
          },
          beginHeldAppend: (streamId, events, expected) => beginHeldAppend(sql, streamId, events, expected),
          close: closeAll,
        };
      } catch (error) {
        await closeAll();
        throw error;
      }
    },
  };
}
