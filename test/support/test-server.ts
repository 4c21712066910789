// Starts the real server in-process for integration tests: random port, the embedded development
// OIDC provider, and PGlite in memory, loaded from the run's migrated database (pglite-snapshot.ts),
// or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type StartServerOptions } from '../../api/main.js';
import { createTestClock, type TestClock } from './test-clock.js';
import { migratedPglite } from './pglite-snapshot.js';
import { createTestDatabase } from './test-database.js';

export interface TestServerOptions {
  /** Extra environment, applied last (e.g. ADMIN_EMAILS, RATE_LIMIT_AUTH_PER_MINUTE). */
  env?: Record<string, string>;
  /** The server's clock: an instant fixes it there (settable with `clock.set`), a function follows it; default real time. */
  now?: (() => Date) | Date | string;
  /** Serve the client from here instead of web/dist. */
  webDistDir?: string;
  /** The read models to run; default all of them. */
  projectors?: StartServerOptions['projectors'];
  /** Where the server's log goes (e.g. to count its lines); default stdout. */
  logStream?: StartServerOptions['logStream'];
  /** Runs on the server's database before its read models start (a log seeded before a new version of one). */
  beforeRuntime?: StartServerOptions['beforeRuntime'];
  /** Events per transaction when a version change rebuilds a read model. */
  rebuildBatchSize?: StartServerOptions['rebuildBatchSize'];
  /** Events per read of the log in a full ledger audit. */
  ledgerAuditPageSize?: StartServerOptions['ledgerAuditPageSize'];
  /**
   * Start another API process of that server: on its PostgreSQL database, with its session secret, as N
   * processes behind a balancer run (the database stays that server's to drop). PostgreSQL only.
   */
  beside?: TestServer;
}

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
  sql: RunningServer['sql'];
  store: RunningServer['store'];
  /** The server's own commands (its runtime remembers what they write). */
  commands: RunningServer['commands'];
  runtime: RunningServer['runtime'];
  /** The one operations object the composition root made (api/operations.ts). */
  operations: RunningServer['operations'];
  app: RunningServer['app'];
  /** The server's clock; move it with set/advance. */
  clock: TestClock;
  /** Runs one round of the session scheduler at the clock's time and waits for the read models. */
  tickScheduler(): Promise<void>;
  /** What another process beside it shares (`beside`): its database and session secret. */
  shared: { databaseUrl: string | null; sessionSecret: string };
}

export const startTestServer = async (opts: TestServerOptions = {}): Promise<TestServer> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'skillswap-api-'));
  const beside = opts.beside?.shared;
  if (beside && !beside.databaseUrl) throw new Error('a second API process needs PostgreSQL: PGlite is one process');
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const database = !beside && databaseUrl ? await createTestDatabase(databaseUrl) : null;
  const sharedUrl = beside?.databaseUrl ?? database?.url;
  const cleanUp = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: beside?.sessionSecret ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // Tests sign in and write far faster than people do; tests of the limits set their own.
    RATE_LIMIT_READ_PER_MINUTE: '0',
    RATE_LIMIT_WRITE_PER_MINUTE: '0',
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
    ...(sharedUrl ? { DATABASE_URL: sharedUrl } : { PGLITE_DATA_DIR: 'memory' }),
    ...opts.env,
  };
  const clock = createTestClock(opts.now);
  const pglite = env.PGLITE_DATA_DIR === 'memory' && !env.DATABASE_URL ? await migratedPglite() : undefined;
  let server: RunningServer;
  try {
    // Rounds run when a test asks (tickScheduler), not on a timer racing the test's own steps.
    server = await startServer(env, {
      clock,
      webDistDir: opts.webDistDir,
      projectors: opts.projectors,
      logStream: opts.logStream,
      beforeRuntime: opts.beforeRuntime,
      rebuildBatchSize: opts.rebuildBatchSize,
      ledgerAuditPageSize: opts.ledgerAuditPageSize,
      pglite,
      schedulerIntervalMs: 24 * 60 * 60 * 1000,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    url: server.url,
    app: server.app,
    sql: server.sql,
    store: server.store,
    commands: server.commands,
    runtime: server.runtime,
    operations: server.operations,
    clock,
    tickScheduler: () => server.tickScheduler(),
    shared: { databaseUrl: env.DATABASE_URL ?? null, sessionSecret: env.SESSION_SECRET! },
    close: async () => {
      try {
        await server.close();
      } finally {
        await cleanUp();
      }
    },
  };
};

export { signIn, signInFlow, type ApiClient, type ApiResponse } from './sign-in.js';
export { createTestClock, DAY_MS, HOUR_MS, type TestClock } from './test-clock.js';
