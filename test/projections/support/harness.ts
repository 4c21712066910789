// A real SQL database plus the real SQL event store on it, as the app wires them.
import type { SqlDatabase } from '../../../eventstore/sql-database.js';
import { createSqlEventStore } from '../../../eventstore/sql-event-store.js';
import type { EventStore } from '../../../eventstore/types.js';
import type { TestDatabase } from './test-databases.js';
import type { ReadModelsDb } from '../../../projections/read-models.js';

export interface Harness {
  sql: SqlDatabase<ReadModelsDb>;
  store: EventStore;
  close(): Promise<void>;
}

export const openHarness = async (database: TestDatabase): Promise<Harness> => {
  const sql = await database.open();
  const store = await createSqlEventStore(sql);
  return {
    sql,
    store,
    async close() {
      await store.close();
      await sql.close();
    },
  };
};

/** Resolves when `predicate` holds, checking every 10 ms; rejects after timeoutMs. */
export const eventually = async (predicate: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
