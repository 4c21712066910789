// Gathers what the grade needs (health-grade.ts): the database's round trip, bounded by a timeout, the
// last minute's requests, the followers' status and the event loop's delay.
import { sql, type Kysely } from 'kysely';
import { HEALTH_THRESHOLDS } from '../contracts/admin-health.js';
import type { HealthMetrics } from '../contracts/admin-health.js';
import { gradeHealth } from './health-grade.js';
import type { ServerMetrics } from './server-metrics.js';

/** The round trip of `select 1` in ms, or null when it failed or took longer than the timeout. */
export const pingDatabase = async (db: Kysely<unknown>, onError?: (error: unknown) => void): Promise<number | null> => {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), HEALTH_THRESHOLDS.database.timeoutMs);
    timer.unref();
  });
  const answered = sql`select 1`
    .execute(db)
    .then(() => performance.now() - started)
    .catch((error: unknown) => {
      onError?.(error);
      return null;
    });
  try {
    return await Promise.race([answered, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

export type HealthChecker = (options?: { onDatabaseError?: (error: unknown) => void }) => Promise<HealthMetrics>;

export const createHealthChecker =
  (parts: { db: Kysely<unknown>; metrics: ServerMetrics; clock: () => Date }): HealthChecker =>
  async (options = {}) => {
    const [databaseMs, followers] = await Promise.all([pingDatabase(parts.db, options.onDatabaseError), parts.metrics.followers()]);
    return gradeHealth({ databaseMs, requests: parts.metrics.requests.summary(), followers, eventLoopP99Ms: parts.metrics.eventLoopP99Ms() }, parts.clock());
  };
