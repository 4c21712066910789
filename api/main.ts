// Composition root: environment -> database + event store -> projection runtime (read models and
// reactors) -> API -> listen.
// `startServer(env)` runs the real thing in-process (tests, benches); running this file directly
// starts it for real and shuts down gracefully on SIGTERM/SIGINT.
import { createOperations, type Operations } from './operations.js';
import pino from 'pino';
import { connectFromEnv } from '../eventstore/connect-from-env.js';
import { DataDirectoryLockedError } from '../eventstore/data-dir-lock.js';
import { allReactors } from '../commands/all-reactors.js';
import type { Reactor } from '../commands/reactor.js';
import { rememberedDeciders, wireCommands, type CommandDeps } from '../commands/wiring.js';
import { allProjectors } from '../projections/all-projectors.js';
import type { Projector } from '../projections/types.js';
import { createProjectionRuntime, type ProjectionRuntime } from '../projections/runtime/projection-runtime.js';
import { requestProjectionRebuild } from '../commands/follower-operations/request-projection-rebuild.js';
import { createReadSeams } from '../projections/runtime/read-seams.js';
import { skipFollowerEvent } from '../commands/follower-operations/skip-follower-event.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildApp, loggerOptions, urlHost } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import type { AppDeps } from './deps.js';
import type { PGliteStart, SqlDatabase } from '../eventstore/sql-database.js';
import type { EventStore } from '../eventstore/types.js';
import { hostScheduler, type SchedulerHost } from './scheduler-host.js';
import { wireAssistant } from './assistant-wiring.js';
import type { ReadModelsDb } from '../projections/read-models.js';
import { createServerMetrics } from './metrics/server-metrics.js';
import { createErrorRecorder } from './error-monitor/error-recorder.js';
import { REPOSITORY_ROOT } from './error-monitor/repository-root.js';
import { createLedgerAudit } from './ledger-audit/create-ledger-audit.js';
import { ledgerEventTypes } from '../projections/balances/projector.js';

export interface StartServerOptions {
  clock?: () => Date;
  onServerError?: AppDeps['onServerError'];
  webDistDir?: string;
  /** How often the session scheduler runs a round; default 30 s. Tests run rounds with tickScheduler(). */
  schedulerIntervalMs?: number;
  /** The read models to run; default all of them (tests hold one back by wrapping it). */
  projectors?: Projector[];
  /** The reactors to run; default all of them. */
  reactors?: Reactor[];
  /** Where the log goes; default stdout (tests read it from here). */
  logStream?: pino.DestinationStream;
  /** With PGLITE_DATA_DIR=memory: start from a saved, already migrated database (tests only). */
  pglite?: PGliteStart;
  /** Tests only: runs on the opened database before the read models start (a log seeded before a new version of one). */
  beforeRuntime?: (parts: { sql: SqlDatabase<ReadModelsDb>; store: EventStore }) => Promise<void>;
  /** Events per transaction when a read model is rebuilt (a version change, or from the operations); default the runtime's. */
  rebuildBatchSize?: number;
  /** Events per read of the log in a full ledger audit; default the audit's (a test makes an audit last by reading small pages). */
  ledgerAuditPageSize?: number;
}

export interface RunningServer {
  /** Where the server answers, e.g. http://localhost:41234 (PUBLIC_URL when set). */
  url: string;
  app: FastifyInstance;
  config: AppConfig;
  sql: SqlDatabase<ReadModelsDb>;
  store: EventStore;
  /** The command runtime and booking writer the API's commands use. */
  commands: CommandDeps;
  runtime: ProjectionRuntime;
  /** What the admin and audit screens stand on (api/operations.ts). */
  operations: Operations;
  /** Runs one scheduler round at the clock's time now and waits until the read models show it. */
  tickScheduler(): Promise<void>;
  close(): Promise<void>;
}

// runtime.start() returns while the workers still create their tables; serving before that would
// answer the first requests with 500s. A projector another process holds is fine (its status is the holder's).
const untilProjectorsPrepared = async (runtime: ProjectionRuntime, logger: pino.Logger, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const statuses = await runtime.status();
    if (statuses.every((s) => s.kind === 'reactor' || s.status !== 'starting' || (s.holder !== null && !s.heldHere))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  logger.warn('projectors are still preparing their tables; starting the API anyway');
};

export const startServer = async (env: Record<string, string | undefined>, options: StartServerOptions = {}): Promise<RunningServer> => {
  const config = loadConfig(env); // throws ConfigError before anything is opened
  const logger = pino(
    {
      ...loggerOptions(config.logLevel),
      // What Fastify logs by default: no headers (cookies stay out of the logs).
      serializers: {
        req: (request: FastifyRequest) => ({ method: request.method, url: request.url, host: request.host, remoteAddress: request.ip }),
        res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    options.logStream,
  );
  const connections = await connectFromEnv<ReadModelsDb>(
    {
      DATABASE_URL: config.databaseUrl,
      EVENTSTORE_URL: config.eventStoreUrl,
      PGLITE_DATA_DIR: config.pgliteDataDir,
    },
    { inFlight: config.eventStoreInFlight, pglite: options.pglite },
  );
  const { sql } = connections;
  // Every append is counted and timed for GET /metrics, whoever makes it (commands, reactors, tests).
  const metrics = createServerMetrics();
  const store = metrics.measureStore(connections.store);
  // Members and ledgers (every booking reads them) and the streams that grow with use are remembered.
  const commands = wireCommands({ store, cachedDeciders: rememberedDeciders });
  const clock = options.clock ?? (() => new Date());
  // The error monitor's capture: made before the followers and the assistant, whose failures it records too.
  const errors = createErrorRecorder({
    root: REPOSITORY_ROOT,
    appVersion: config.appVersion,
    clock,
    onError: (err) => logger.error({ err }, 'error monitor'),
  });
  const assistant = wireAssistant(
    config,
    (channel, payload) => sql.notify(channel, payload),
    clock,
    logger.child({ component: 'assistant' }),
    (error) => errors.assistant(error),
  );
  // The ledger audit (issue 33 point 3): its check after every batch follows the log beside the reactors.
  const ledgerAudit = createLedgerAudit({
    sql,
    store,
    clock,
    schedule: config.ledgerAuditEvery,
    errors,
    waitForReadModels: (checkpoint, timeoutMs) => runtime.waitFor(checkpoint, timeoutMs, ledgerEventTypes),
    pageSize: options.ledgerAuditPageSize,
    onError: (err, what) => logger.error({ err }, what),
  });
  const runtime = createProjectionRuntime({
    sql,
    store,
    projectors: options.projectors ?? allProjectors,
    reactors: [...(options.reactors ?? allReactors({ ...commands, assistant })), ledgerAudit.follower],
    logger: logger.child({ component: 'projections' }),
    recordSkip: (skip) => skipFollowerEvent(commands, skip, clock().toISOString()),
    recordRebuild: (request) => requestProjectionRebuild(commands, request, clock().toISOString()),
    onFailure: ({ follower, kind, error, failure }) => errors.follower({ follower, kind, error, eventType: failure.eventType }),
    // Both kinds of rebuild, at start (a version change) and from the operations, take the same batch size.
    ...(options.rebuildBatchSize !== undefined && { rebuildBatchSize: options.rebuildBatchSize, liveRebuildBatchSize: options.rebuildBatchSize }),
  });
  let app: FastifyInstance | null = null;
  let scheduler: SchedulerHost | null = null;
  try {
    await options.beforeRuntime?.({ sql, store });
    await ledgerAudit.migrate();
    await runtime.start();
    await untilProjectorsPrepared(runtime, logger);
    // Next to the projection runtime: what is due comes from the sessions read model.
    const schedulerLog = logger.child({ component: 'scheduler' });
    scheduler = hostScheduler({
      runtime: commands.runtime,
      db: sql.db,
      waitFor: (checkpoint) => runtime.waitFor(checkpoint),
      clock,
      intervalMs: options.schedulerIntervalMs,
      onError: (err, sessionId) => schedulerLog.error({ err, sessionId }, 'scheduler round failed'),
    });
    const operations = createOperations({ store, followers: runtime, ledgerAudit });
    app = await buildApp({
      reads: createReadSeams(sql.db),
      operations,
      config,
      sql,
      store,
      commands,
      runtime,
      clock,
      logger,
      metrics,
      onServerError: options.onServerError,
      errors,
      webDistDir: options.webDistDir,
    });
    const address = await app.listen({ port: config.port, host: config.host });
    ledgerAudit.start();
    const port = new URL(address).port;
    const url = config.publicUrlFromPort ? `http://${urlHost(config.host)}:${port}` : config.publicUrl;
    const started = app;
    const runningScheduler = scheduler;
    let closing: Promise<void> | null = null;
    return {
      url,
      app: started,
      config,
      sql,
      store,
      commands,
      runtime,
      operations,
      tickScheduler: () => runningScheduler.tick(),
      close: () =>
        (closing ??= (async () => {
          await started.close();
          await runningScheduler.stop();
          await ledgerAudit.stop();
          await runtime.stop();
          await connections.close();
        })()),
    };
  } catch (error) {
    metrics.stop();
    await app?.close().catch(() => {});
    await scheduler?.stop().catch(() => {});
    await ledgerAudit.stop().catch(() => {});
    await runtime.stop().catch(() => {});
    await connections.close().catch(() => {});
    throw error;
  }
};

/** Starts the server from the command line and stops it on SIGTERM/SIGINT; scripts/dev-api.ts adds the development clock. */
export const runFromCommandLine = async (env: Record<string, string | undefined> = process.env, options: Pick<StartServerOptions, 'clock'> = {}) => {
  let server: RunningServer;
  try {
    server = await startServer(env, options);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) {
      console.error(`SkillSwap cannot start. ${error.message}`);
    } else {
      console.error('SkillSwap could not start:', error);
    }
    process.exit(1);
  }
  server.app.log.info(`SkillSwap is running at ${server.url}`);
  const shutdown = (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    // In-flight requests finish; a stuck one does not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
};

if (import.meta.url === `file://${process.argv[1]}`) await runFromCommandLine();
