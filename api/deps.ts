// What the API needs from the rest of the system. Narrow on purpose: the composition root passes
// the real event store, database and projection runtime; tests pass the same real parts.
import type { FastifyBaseLogger } from 'fastify';
import type { CommandDeps } from '../commands/wiring.js';
import type { SqlDatabase } from '../eventstore/sql-database.js';
import type { Checkpoint, EventStore } from '../eventstore/types.js';
import type { AppConfig } from './config.js';
import type { ServerErrorReport } from './plugins/error-handler.js';
import type { Kysely } from 'kysely';
import type { ReadModelsDb } from '../projections/read-models.js';
import type { ReadSeams } from '../projections/runtime/read-seams.js';
import type { ServerMetrics } from './metrics/server-metrics.js';
import type { ErrorRecorder } from './error-monitor/error-recorder.js';

export interface ProjectorStatusView {
  kind: 'projector' | 'reactor';
  name: string;
  status: string;
  /** Events the projector still has to apply, when known. */
  lag: number | null;
  /** What the admin's operations view shows besides (projections/runtime's ProjectorStatus has them). */
  checkpoint?: string | null;
  lagSeconds?: number | null;
  failure?: { position: string; eventType: string; streamId: string; error: string; failedAt: string } | null;
  rebuild?: { done: number; total: number } | null;
  rebuildFailure?: { error: string; failedAt: string; by: string | null } | null;
  /** No heartbeat for a while although events wait (projections/runtime/stall-watch.ts). */
  stalled?: boolean;
  /** The runtime holding the follower's lock, and whether it is this process's (else the status is the holder's). */
  holder?: string | null;
  heldHere?: boolean;
}

export interface ProjectionRuntimeView {
  /** Resolves once every interactive projector (of those handling one of `touched`, when given) has applied the event at this checkpoint. */
  waitFor(checkpoint: Checkpoint, timeoutMs?: number, touched?: readonly string[]): Promise<unknown>;
  /** One entry per projector. */
  status(): Promise<ProjectorStatusView[]>;
  /** The read models whose new version is being built here, with its progress: synchronous, from memory (plugins/catching-up.ts). */
  rebuilding(): ReadonlyMap<string, { done: number; total: number }>;
}

export interface AppDeps {
  config: AppConfig;
  sql: SqlDatabase<ReadModelsDb>;
  store: EventStore;
  /** What every command takes (commands/wiring.ts); its runtime is the only way commands append. */
  commands: CommandDeps;
  runtime: ProjectionRuntimeView;
  /** The projection runtime's caches of declared queries and copies of declared read models, over `sql.db` (projections/runtime/read-seams.ts). */
  reads: ReadSeams<Kysely<ReadModelsDb>>;
  /** Injected so tests can move time; every "now" in the API comes from here. */
  clock: () => Date;
  /** The process logger (pino); the app makes its own when absent. */
  logger?: FastifyBaseLogger;
  /**
   * The server's metrics (api/metrics/server-metrics.ts), made by the composition root so the event store's
   * appends are measured too; the app makes its own when absent (then without the appends).
   */
  metrics?: ServerMetrics;
  /** Receives every 5xx besides the error monitor (tests hook in here). */
  onServerError?: (report: ServerErrorReport) => void;
  /**
   * The error monitor's capture (api/error-monitor/error-recorder.ts), made by the composition root so the
   * followers' and the assistant's failures are captured too; the app makes its own when absent (5xx only).
   */
  errors?: ErrorRecorder;
}
