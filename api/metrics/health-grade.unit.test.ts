// The health grade's thresholds (decision 318, api/contracts/admin-health.ts), each check at and around its
// levels, and the grade as the worst check.
import { describe, expect, it } from 'vitest';
import { HEALTH_THRESHOLDS as T } from '../contracts/admin-health.js';
import { databaseCheck, errorRateCheck, eventLoopCheck, followerLagCheck, followersCheck, gradeHealth, latencyCheck, type FollowerHealthView } from './health-grade.js';
import { createRequestWindow, quantile, RESERVOIR_SIZE, type RequestSummary } from './request-window.js';

const requests = (over: Partial<RequestSummary> = {}): RequestSummary => ({
  windowSeconds: 60,
  requests: 100,
  serverErrors: 0,
  avgMs: 12,
  p50Ms: 8,
  p99Ms: 40,
  ...over,
});
const follower = (over: Partial<FollowerHealthView> = {}): FollowerHealthView => ({ kind: 'projector', name: 'members', status: 'live', lag: 0, lagSeconds: 0, ...over });
const now = new Date('2026-12-01T10:00:00.000Z');

describe('the health checks', () => {
  it('grades the database by its round trip; no answer is critical', () => {
    expect(databaseCheck(3).status).toBe('healthy');
    expect(databaseCheck(T.database.degraded - 1).status).toBe('healthy');
    expect(databaseCheck(T.database.degraded).status).toBe('degraded');
    expect(databaseCheck(null)).toMatchObject({ status: 'critical', value: null });
  });

  it('grades the p99 latency only from enough requests', () => {
    expect(latencyCheck(requests({ p99Ms: T.latencyP99.degraded - 1 })).status).toBe('healthy');
    expect(latencyCheck(requests({ p99Ms: T.latencyP99.degraded })).status).toBe('degraded');
    expect(latencyCheck(requests({ p99Ms: T.latencyP99.critical })).status).toBe('critical');
    // Three slow requests of a quiet minute say nothing yet.
    expect(latencyCheck(requests({ requests: T.latencyP99.minRequests - 1, p99Ms: 9_000 }))).toMatchObject({ status: 'healthy', value: 9_000 });
    expect(latencyCheck(requests({ requests: 0, p99Ms: null, avgMs: null }))).toMatchObject({ status: 'healthy', value: null });
  });

  it('grades the 5xx rate by a rate AND a count', () => {
    expect(errorRateCheck(requests({ serverErrors: 0 }))).toMatchObject({ status: 'healthy', value: 0, unit: '%' });
    // 1% of 100 is one error: below the count.
    expect(errorRateCheck(requests({ serverErrors: 1 })).status).toBe('healthy');
    expect(errorRateCheck(requests({ serverErrors: 3 })).status).toBe('degraded');
    expect(errorRateCheck(requests({ serverErrors: 9 })).status).toBe('degraded');
    expect(errorRateCheck(requests({ serverErrors: 10 })).status).toBe('critical');
    // Two of two requests failed: 100% but two errors, degraded at most by the count rule.
    expect(errorRateCheck(requests({ requests: 2, serverErrors: 2 })).status).toBe('healthy');
    expect(errorRateCheck(requests({ requests: 4, serverErrors: 4 })).status).toBe('degraded');
    expect(errorRateCheck(requests({ requests: 0, serverErrors: 0 }))).toMatchObject({ status: 'healthy', value: null });
  });

  it('names the followers that are failed, stalled, paused or stopped', () => {
    expect(followersCheck([follower(), follower({ name: 'feed', status: 'catching-up' }), follower({ name: 'new', status: 'rebuilding' })])).toMatchObject({
      status: 'healthy',
      value: 0,
    });
    for (const trouble of [{ status: 'failed' }, { status: 'paused' }, { status: 'stopped' }, { stalled: true }]) {
      const check = followersCheck([follower(), follower({ name: 'feed', kind: 'reactor', ...trouble })]);
      expect(check).toMatchObject({ status: 'degraded', value: 1 });
      expect(check.detail).toBe(`Not running: feed (reactor, ${trouble.status ?? 'stalled'})`);
    }
  });

  it('calls a follower lagging only when many events have waited long', () => {
    const lag = (lag: number, lagSeconds: number) => followerLagCheck([follower(), follower({ name: 'feed', lag, lagSeconds })]);
    expect(lag(T.followerLag.degraded.events - 1, 600).status).toBe('healthy');
    // A burst being applied: many events, none of them old.
    expect(lag(50_000, 1).status).toBe('healthy');
    expect(lag(T.followerLag.degraded.events, T.followerLag.degraded.seconds)).toMatchObject({ status: 'degraded', value: 100, detail: 'Lagging: feed' });
    expect(lag(T.followerLag.critical.events, T.followerLag.critical.seconds - 1).status).toBe('degraded');
    expect(lag(T.followerLag.critical.events, T.followerLag.critical.seconds).status).toBe('critical');
    // A paused follower's lag is the followers check's business, not this one's.
    expect(followerLagCheck([follower({ status: 'paused', lag: 5_000, lagSeconds: 900 })]).status).toBe('healthy');
  });

  it('grades the event loop delay', () => {
    expect(eventLoopCheck(null).status).toBe('healthy');
    expect(eventLoopCheck(T.eventLoopP99.degraded - 1).status).toBe('healthy');
    expect(eventLoopCheck(T.eventLoopP99.degraded).status).toBe('degraded');
    expect(eventLoopCheck(T.eventLoopP99.critical).status).toBe('critical');
  });
});

describe('the grade', () => {
  const inputs = { databaseMs: 2, requests: requests(), followers: [follower()], eventLoopP99Ms: 21 };

  it('is healthy when every check is, with the average response time and every check', () => {
    const report = gradeHealth(inputs, now);
    expect(report).toMatchObject({ systemHealth: 'healthy', avgResponseTime: 12, checkedAt: now.toISOString() });
    expect(report.checks.map((c) => [c.name, c.status])).toEqual([
      ['database', 'healthy'],
      ['latency_p99', 'healthy'],
      ['error_rate', 'healthy'],
      ['followers', 'healthy'],
      ['follower_lag', 'healthy'],
      ['event_loop_p99', 'healthy'],
    ]);
  });

  it('is the worst check', () => {
    expect(gradeHealth({ ...inputs, followers: [follower({ status: 'paused' })] }, now).systemHealth).toBe('degraded');
    expect(gradeHealth({ ...inputs, followers: [follower({ status: 'paused' })], databaseMs: null }, now).systemHealth).toBe('critical');
    expect(gradeHealth({ ...inputs, requests: requests({ p99Ms: 6_000 }) }, now).systemHealth).toBe('critical');
  });
});

describe('the request window', () => {
  it('keeps the last minute exactly in counts and boundedly in durations', () => {
    let at = 1_000_000;
    const window = createRequestWindow(
      () => at,
      () => 0.5,
    );
    for (let i = 1; i <= 100; i += 1) window.record(i, i % 10 === 0 ? 503 : 200);
    expect(window.summary()).toMatchObject({ requests: 100, serverErrors: 10, avgMs: 50.5, p50Ms: 50, p99Ms: 99 });
    at += 61_000;
    expect(window.summary()).toMatchObject({ requests: 0, avgMs: null, p99Ms: null });
    for (let i = 0; i < RESERVOIR_SIZE * 3; i += 1) window.record(5, 200);
    expect(window.summary().requests).toBe(RESERVOIR_SIZE * 3);
  });

  it('takes the nearest-rank quantile', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.99)).toBe(4);
  });
});
