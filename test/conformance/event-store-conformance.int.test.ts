// Runs the conformance suite against every adapter this environment offers: PGlite always,
// PostgreSQL when TEST_DATABASE_URL/DATABASE_URL is set, EventStoreDB when EVENTSTORE_URL is set or
// Docker can start one. An adapter that cannot run shows as one skipped test whose title says why
// (npm test lists skipped tests by title above its closing tally).
import { eventStoreConformance } from './event-store-conformance.js';
import { eventStoreDbAdapter } from './eventstoredb-adapter.js';
import { pgliteAdapter, postgresAdapter } from './sql-adapters.js';
import { testPostgresUrl } from './temp-database.js';
import { notRun } from '../support/not-run.js';

eventStoreConformance(pgliteAdapter);

const postgresUrl = testPostgresUrl();
if (postgresUrl) eventStoreConformance(postgresAdapter(postgresUrl));
else notRun('event store conformance: postgres', 'set TEST_DATABASE_URL or DATABASE_URL to run it');

const esdb = await eventStoreDbAdapter();
if (esdb.adapter) eventStoreConformance(esdb.adapter);
else notRun('event store conformance: eventstoredb', esdb.reason);
