// Grades the platform's health from what was observed (decision 318): each check healthy, degraded or
// critical by the thresholds of api/contracts/admin-health.ts, with its value, so an admin sees why; the
// grade is the worst check (the IETF health draft's pass / warn / fail). Pure: the inputs are gathered by
// health-check.ts and the unit test gives them by hand.
import { HEALTH_THRESHOLDS as T, type HealthCheck, type HealthMetrics, type SystemHealth } from '../contracts/admin-health.js';
import type { RequestSummary } from './request-window.js';

export interface FollowerHealthView {
  kind: 'projector' | 'reactor';
  name: string;
  status: string;
  lag: number | null;
  lagSeconds?: number | null;
  stalled?: boolean;
}

export interface HealthInputs {
  /** The round trip of `select 1` in ms, or null when the database did not answer. */
  databaseMs: number | null;
  requests: RequestSummary;
  followers: readonly FollowerHealthView[];
  eventLoopP99Ms: number | null;
}

const order: Record<SystemHealth, number> = { healthy: 0, degraded: 1, critical: 2 };
export const worst = (grades: readonly SystemHealth[]): SystemHealth => grades.reduce<SystemHealth>((a, b) => (order[b] > order[a] ? b : a), 'healthy');

const level = (value: number | null, degraded: number, critical: number): SystemHealth =>
  value === null ? 'healthy' : value >= critical ? 'critical' : value >= degraded ? 'degraded' : 'healthy';
const finite = (n: number) => (Number.isFinite(n) ? n : null);
const round = (n: number | null, digits = 1) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** States that are not a follower doing its work. */
const TROUBLED = new Set(['failed', 'paused', 'stopped']);
const troubleOf = (f: FollowerHealthView): string | null => (f.stalled ? 'stalled' : TROUBLED.has(f.status) ? f.status : null);

const lagLevel = (f: FollowerHealthView): SystemHealth => {
  const events = f.lag ?? 0;
  const seconds = f.lagSeconds ?? 0;
  if (events >= T.followerLag.critical.events && seconds >= T.followerLag.critical.seconds) return 'critical';
  if (events >= T.followerLag.degraded.events && seconds >= T.followerLag.degraded.seconds) return 'degraded';
  return 'healthy';
};

const listed = (names: string[]) => (names.length <= 5 ? names.join(', ') : `${names.slice(0, 5).join(', ')} and ${names.length - 5} more`);

export const databaseCheck = (ms: number | null): HealthCheck => ({
  name: 'database',
  status: ms === null ? 'critical' : level(ms, T.database.degraded, T.database.critical),
  value: round(ms),
  unit: 'ms',
  detail: ms === null ? `No answer within ${T.database.timeoutMs} ms` : `Answered in ${Math.round(ms)} ms`,
  degradedAt: T.database.degraded,
  criticalAt: null,
});

export const latencyCheck = (r: RequestSummary): HealthCheck => {
  const judged = r.requests >= T.latencyP99.minRequests;
  return {
    name: 'latency_p99',
    status: judged ? level(r.p99Ms, T.latencyP99.degraded, T.latencyP99.critical) : 'healthy',
    value: round(r.p99Ms),
    unit: 'ms',
    detail: judged
      ? `p99 of ${r.requests} requests in the last ${r.windowSeconds} s`
      : `${r.requests} request${r.requests === 1 ? '' : 's'} in the last ${r.windowSeconds} s: judged from ${T.latencyP99.minRequests} on`,
    degradedAt: T.latencyP99.degraded,
    criticalAt: T.latencyP99.critical,
  };
};

export const errorRateCheck = (r: RequestSummary): HealthCheck => {
  const percent = r.requests === 0 ? null : (r.serverErrors / r.requests) * 100;
  const status: SystemHealth =
    percent === null
      ? 'healthy'
      : percent >= T.errorRate.critical && r.serverErrors >= T.errorRate.criticalMinErrors
        ? 'critical'
        : percent >= T.errorRate.degraded && r.serverErrors >= T.errorRate.degradedMinErrors
          ? 'degraded'
          : 'healthy';
  return {
    name: 'error_rate',
    status,
    value: round(percent, 2),
    unit: '%',
    detail: `${r.serverErrors} of ${r.requests} requests answered 5xx in the last ${r.windowSeconds} s`,
    degradedAt: T.errorRate.degraded,
    criticalAt: T.errorRate.critical,
  };
};

export const followersCheck = (followers: readonly FollowerHealthView[]): HealthCheck => {
  const troubled = followers.flatMap((f) => {
    const trouble = troubleOf(f);
    return trouble ? [`${f.name} (${f.kind}, ${trouble})`] : [];
  });
  return {
    name: 'followers',
    status: troubled.length > 0 ? 'degraded' : 'healthy',
    value: troubled.length,
    unit: 'followers',
    detail: troubled.length > 0 ? `Not running: ${listed(troubled)}` : `All ${followers.length} running`,
    degradedAt: 1,
    criticalAt: null,
  };
};

export const followerLagCheck = (followers: readonly FollowerHealthView[]): HealthCheck => {
  // A paused or failed follower's lag grows by design: the followers check names it already.
  const running = followers.filter((f) => troubleOf(f) === null);
  const most = running.reduce<FollowerHealthView | null>((a, f) => ((f.lag ?? 0) > (a?.lag ?? 0) ? f : a), null);
  const status = worst(running.map(lagLevel));
  const lagging = running.filter((f) => lagLevel(f) !== 'healthy').map((f) => f.name);
  return {
    name: 'follower_lag',
    status,
    value: most?.lag ?? 0,
    unit: 'events',
    detail:
      lagging.length > 0
        ? `Lagging: ${listed(lagging)}`
        : most && (most.lag ?? 0) > 0
          ? `${most.name}: ${most.lag} event${most.lag === 1 ? '' : 's'} waiting`
          : 'Every follower has applied the whole log',
    degradedAt: T.followerLag.degraded.events,
    criticalAt: T.followerLag.critical.events,
  };
};

export const eventLoopCheck = (p99Ms: number | null): HealthCheck => ({
  name: 'event_loop_p99',
  status: level(p99Ms, T.eventLoopP99.degraded, T.eventLoopP99.critical),
  value: round(p99Ms),
  unit: 'ms',
  detail: p99Ms === null ? 'Not measured yet' : 'Delay of timers and I/O callbacks in this process',
  degradedAt: finite(T.eventLoopP99.degraded),
  criticalAt: finite(T.eventLoopP99.critical),
});

export const gradeHealth = (inputs: HealthInputs, checkedAt: Date): HealthMetrics => {
  const checks = [
    databaseCheck(inputs.databaseMs),
    latencyCheck(inputs.requests),
    errorRateCheck(inputs.requests),
    followersCheck(inputs.followers),
    followerLagCheck(inputs.followers),
    eventLoopCheck(inputs.eventLoopP99Ms),
  ];
  return {
    systemHealth: worst(checks.map((c) => c.status)),
    avgResponseTime: round(inputs.requests.avgMs),
    checks,
    checkedAt: checkedAt.toISOString(),
  };
};
