// Runs the conformance suite against every adapter this environment offers: PGlite always,
// PostgreSQL when TEST_DATABASE_URL/DATABASE_URL is set, EventStoreDB when EVENTSTORE_URL is set or
// Docker can start one. An adapter that cannot run says why in one line and registers no test.
import { eventStoreConformance } from './event-store-conformance.js';
import { eventStoreDbAdapter } from './eventstoredb-adapter.js';
import { pgliteAdapter, postgresAdapter } from './sql-adapters.js';
import { testPostgresUrl } from './temp-database.js';

eventStoreConformance(pgliteAdapter);

const postgresUrl = testPostgresUrl();
if (postgresUrl) eventStoreConformance(postgresAdapter(postgresUrl));
else console.log('event store conformance: PostgreSQL not run (set TEST_DATABASE_URL or DATABASE_URL to run it)');

const esdb = await eventStoreDbAdapter();
if (esdb.adapter) eventStoreConformance(esdb.adapter);
else console.log(`event store conformance: EventStoreDB not run (${esdb.reason})`);
