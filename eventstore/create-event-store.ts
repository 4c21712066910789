// Chooses the event-store adapter. The EventStoreDB client (gRPC) is loaded only when used.
import { createSqlEventStore } from './sql-event-store.js';
import type { SqlEventStoreOptions } from './sql-event-store.js';
import type { SqlConnection } from './sql-database.js';
import type { EventStore } from './types.js';

export type EventStoreConfig = ({ kind: 'sql'; sql: SqlConnection } & SqlEventStoreOptions) | { kind: 'eventstoredb'; url: string };

export async function createEventStore(config: EventStoreConfig): Promise<EventStore> {
  if (config.kind === 'eventstoredb') {
    const { createEventStoreDbEventStore } = await import('./eventstoredb-event-store.js');
    return createEventStoreDbEventStore({ url: config.url });
  }
  const { sql, ...options } = config;
  return createSqlEventStore(sql, options);
}
