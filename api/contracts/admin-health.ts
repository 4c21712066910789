// GET /api/admin/health-metrics and GET /api/admin/metrics (spec 002 §2 the System health card and the
// System Metrics tab, §3 Metric, §7, §9; issue 32 point 3). Health is graded healthy / degraded / critical
// from checks, each with its value, unit and thresholds, so an admin sees why (docs/decisions.md,
// decision 318); the metrics are the newest samples the server stored as telemetry, with the spec's fields.
import { z } from 'zod';
import { systemHealths } from './admin-stats.js';

export { systemHealths };
export type SystemHealth = (typeof systemHealths)[number];

/** Refetched at these intervals only while the socket is down (spec 002 §9: health 15 s, metrics 10 s). */
export const HEALTH_FALLBACK_MS = 15_000;
export const METRICS_FALLBACK_MS = 10_000;
/** How many samples GET /api/admin/metrics answers by default, and at most. */
export const METRICS_LIMIT_DEFAULT = 100;
export const METRICS_LIMIT_MAX = 500;

export const healthCheckNames = ['database', 'latency_p99', 'error_rate', 'followers', 'follower_lag', 'event_loop_p99'] as const;
export type HealthCheckName = (typeof healthCheckNames)[number];

/**
 * The documented thresholds (decision 318): a check is degraded at or above `degraded` and critical at or
 * above `critical` (in the check's unit). The grade is the worst check.
 */
export const HEALTH_THRESHOLDS = {
  /** Round trip of `select 1`; unreachable (an error, or no answer within `timeoutMs`) is critical. */
  database: { degraded: 500, critical: Infinity, timeoutMs: 2_000 },
  /** p99 of the last minute's requests, judged only from `minRequests` requests on. */
  latencyP99: { degraded: 1_000, critical: 5_000, minRequests: 20 },
  /** 5xx answers in % of the last minute's requests; each level needs this many 5xx too (a count AND a rate). */
  errorRate: { degraded: 1, critical: 10, degradedMinErrors: 3, criticalMinErrors: 10 },
  /**
   * A follower failed, stalled, paused or stopped is degraded. Lagging: at least `events` events wait and
   * the oldest has waited `seconds` (both, so a burst that is being applied is not lag).
   */
  followerLag: { degraded: { events: 100, seconds: 5 }, critical: { events: 1_000, seconds: 60 } },
  /** p99 of the event loop's delay since the last look (at most about 15 s). */
  eventLoopP99: { degraded: 500, critical: 2_000 },
} as const;

export const healthTexts = {
  labels: {
    database: 'Database',
    latency_p99: 'Response time (p99, last minute)',
    error_rate: 'Server errors (last minute)',
    followers: 'Projectors and reactors',
    follower_lag: 'Largest follower lag',
    event_loop_p99: 'Event loop delay (p99)',
  } satisfies Record<HealthCheckName, string>,
  grades: { healthy: 'Healthy', degraded: 'Degraded', critical: 'Critical' } satisfies Record<SystemHealth, string>,
  noMetrics: 'No recent metrics',
  healthFailed: 'Could not load the health checks',
  metricsFailed: 'Could not load the metrics',
  badLimit: `limit must be a whole number from 1 to ${METRICS_LIMIT_MAX}`,
} as const;

export const healthCheckSchema = z.object({
  name: z.enum(healthCheckNames),
  status: z.enum(systemHealths),
  /** The observed value in `unit`; null when there is nothing to measure (no requests, database down). */
  value: z.number().nullable(),
  unit: z.string(),
  /** Why the check says what it says, in words (names the followers concerned). */
  detail: z.string(),
  /** The check's levels in `unit` (null: this level does not apply). */
  degradedAt: z.number().nullable(),
  criticalAt: z.number().nullable(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const healthMetricsSchema = z.object({
  /** The grade: the worst of the checks. */
  systemHealth: z.enum(systemHealths),
  /** Mean response time of the last minute's requests, in ms; null without requests. */
  avgResponseTime: z.number().nullable(),
  checks: z.array(healthCheckSchema),
  /** When the checks ran (ISO, server clock). */
  checkedAt: z.string(),
});
export type HealthMetrics = z.infer<typeof healthMetricsSchema>;

/** A stored sample (spec 002 §3 Metric: id, metric_type, metric_value, metric_unit, tags, created_at). */
export const metricSampleSchema = z.object({
  id: z.string(),
  metric_type: z.string(),
  metric_value: z.number(),
  metric_unit: z.string(),
  tags: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type MetricSampleView = z.infer<typeof metricSampleSchema>;
export const metricSamplesSchema = z.array(metricSampleSchema);

export const metricsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: healthTexts.badLimit })
    .int({ message: healthTexts.badLimit })
    .min(1, { message: healthTexts.badLimit })
    .max(METRICS_LIMIT_MAX, { message: healthTexts.badLimit })
    .default(METRICS_LIMIT_DEFAULT),
});
