// Issue 32 point 3 through the real server: GET /metrics parses as Prometheus text and has the named
// series; who may read it (a bearer token when METRICS_TOKEN is set; otherwise direct loopback connections
// only, and none behind a proxy); the health grade turns degraded when a follower is paused and healthy
// again once it resumes (the admin route and /api/health); the sampler's samples reach GET
// /api/admin/metrics and the admins' sockets; the admin routes answer 401 signed out and 403 to members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthCheck, HealthMetrics, MetricSampleView } from '../../api/contracts/admin-health.js';
import { worst } from '../../api/metrics/health-grade.js';
import { adminTexts } from '../../api/routes/admin/autohooks.js';
import { metricsTexts } from '../../api/routes/metrics.js';
import { eventually, openLiveSocket } from '../support/assistant-fixtures.js';
import { parsePrometheusText } from '../support/prometheus-text.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-metrics@example.com';
const TOKEN = 'a-metrics-token-of-32-characters';

describe('GET /metrics and the health grade', () => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN, METRICS_SAMPLE_SECONDS: '1' } });
    [admin, member] = await Promise.all([signIn(server.url, ADMIN, 'Ada Metrics'), signIn(server.url, 'mo-metrics@example.com', 'Mo Metrics')]);
  }, 60_000);
  afterAll(() => server?.close());

  it('answers a loopback scrape in the Prometheus text format with the named series, labelled by route pattern', async () => {
    // A write (an append) and a read of a route with a parameter, so their series exist.
    expect((await member.patch(`/api/users/${member.memberId}`, { bio: 'Counting' })).status).toBe(200);
    expect((await member.get(`/api/users/${member.memberId}`)).status).toBe(200);
    const socket = await openLiveSocket(server.url, member);
    await socket.next((m) => m.type === 'connected');
    const response = await fetch(`${server.url}/metrics`).finally(() => socket.close());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const families = parsePrometheusText(text);
    for (const name of [
      'skillswap_http_request_duration_seconds',
      'skillswap_http_requests_total',
      'skillswap_eventstore_appends_total',
      'skillswap_eventstore_appended_events_total',
      'skillswap_eventstore_append_duration_seconds',
      'skillswap_follower_lag_events',
      'skillswap_follower_lag_seconds',
      'skillswap_follower_up',
      'skillswap_websocket_connections',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
    expect(families.get('skillswap_http_request_duration_seconds')!.type).toBe('histogram');
    const routes = new Set(families.get('skillswap_http_request_duration_seconds')!.samples.map((s) => s.labels.route));
    expect(routes).toContain('/api/users/:id');
    // The raw URL never becomes a label: no member id anywhere in the scrape.
    expect(text).not.toContain(member.memberId);
    const okAppends = families.get('skillswap_eventstore_appends_total')!.samples.find((s) => s.labels.outcome === 'ok');
    expect(okAppends?.value).toBeGreaterThan(0);
    // The open socket is counted; its upgrade is no request answered.
    expect(families.get('skillswap_websocket_connections')!.samples[0]!.value).toBeGreaterThanOrEqual(1);
    expect(routes).not.toContain('/ws');
    const up = families.get('skillswap_follower_up')!.samples;
    expect(up.length).toBeGreaterThan(5);
    expect(up.every((s) => s.labels.kind === 'projector' || s.labels.kind === 'reactor')).toBe(true);
    // Kept small (the anchors' 50 KB).
    expect(Buffer.byteLength(text)).toBeLessThan(50_000);
  });

  it('refuses a connection from another machine without METRICS_TOKEN (403)', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect([answer.statusCode, answer.json()]).toEqual([403, { error: metricsTexts.loopbackOnly }]);
    // A forwarded header changes nothing: the socket's own address decides.
    const forwarded = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(200);
  });

  it('answers 401 signed out and 403 to a member on both admin routes', async () => {
    for (const path of ['/api/admin/health-metrics', '/api/admin/metrics']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(401);
      const asMember = await member.get(path);
      expect([asMember.status, asMember.body.error], path).toEqual([403, adminTexts.notAdmin]);
    }
  });

  it('lists the stored samples newest first with the spec fields, and tells the admins sockets', async () => {
    const socket = await openLiveSocket(server.url, admin);
    try {
      await socket.next((m) => m.type === 'metrics_stored', 10_000);
    } finally {
      socket.close();
    }
    const samples = await eventually(async () => {
      const response = await admin.get<MetricSampleView[]>('/api/admin/metrics?limit=50');
      expect(response.status).toBe(200);
      return response.body.some((s) => s.metric_type === 'http_latency_p99') ? response.body : undefined;
    });
    expect(samples.length).toBeLessThanOrEqual(50);
    expect(samples[0]).toEqual({
      id: expect.any(String),
      metric_type: expect.any(String),
      metric_value: expect.any(Number),
      metric_unit: expect.any(String),
      tags: expect.objectContaining({ instance: expect.any(String) }),
      created_at: expect.any(String),
    });
    const times = samples.map((s) => Date.parse(s.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const types = new Set(samples.map((s) => s.metric_type));
    for (const type of ['http_latency_p50', 'http_request_rate', 'http_error_rate', 'follower_lag_max', 'websocket_connections', 'memory_rss', 'event_loop_delay_p99']) {
      expect(types, type).toContain(type);
    }
    expect((await admin.get('/api/admin/metrics?limit=0')).status).toBe(400);
  });

  // The grade also reads this process's p99 latency and event-loop delay, which a loaded machine (other test
  // files in parallel) can push above their levels by itself: the test follows the followers check, and
  // asserts the grade as the worst check on every answer, so 'healthy' whenever nothing else is slow.
  it('turns degraded when a follower is paused, naming it with its value, and healthy again once it resumes', { timeout: 120_000 }, async () => {
    const health = async () => {
      const response = await admin.get<HealthMetrics>('/api/admin/health-metrics');
      expect(response.status).toBe(200);
      const body = response.body;
      expect(body.systemHealth).toBe(worst(body.checks.map((c) => c.status)));
      return body;
    };
    const followersCheck = (body: HealthMetrics) => body.checks.find((c) => c.name === 'followers')!;
    const once = (status: HealthCheck['status']) =>
      eventually(
        async () => {
          const body = await health();
          return followersCheck(body).status === status ? body : undefined;
        },
        30_000,
        `the followers check '${status}'`,
      );
    const publicGrade = async () => ((await (await fetch(`${server.url}/api/health`)).json()) as { grade: string; status: string }).grade;

    const before = await once('healthy');
    expect(before.checks.map((c) => c.name)).toEqual(['database', 'latency_p99', 'error_rate', 'followers', 'follower_lag', 'event_loop_p99']);
    expect(before.checks.find((c) => c.name === 'database')).toMatchObject({ status: 'healthy', value: expect.any(Number), unit: 'ms' });
    expect(followersCheck(before)).toMatchObject({ value: 0, detail: expect.stringMatching(/^All \d+ running$/) });
    expect(before.avgResponseTime).toEqual(expect.any(Number));

    const [first] = await server.runtime.status();
    await server.operations.followers.pause(first!.name);
    try {
      const paused = await once('degraded');
      expect(followersCheck(paused)).toMatchObject({ value: 1, unit: 'followers', detail: `Not running: ${first!.name} (${first!.kind}, paused)` });
      expect(paused.systemHealth).not.toBe('healthy');
      expect(await publicGrade()).not.toBe('healthy');
    } finally {
      await server.operations.followers.resume(first!.name);
    }
    const resumed = await once('healthy');
    expect(followersCheck(resumed)).toMatchObject({ value: 0 });
    // Nothing else slow: healthy again, on both routes (a loaded machine may take a while to get there).
    await eventually(
      async () => ((await health()).systemHealth === 'healthy' && (await publicGrade()) === 'healthy' ? true : undefined),
      60_000,
      "the grade 'healthy'",
    ).catch(async (error: unknown) => {
      const slow = (await health()).checks.filter((c) => c.status !== 'healthy');
      // Only this process's own speed may keep the grade down once the follower runs again.
      expect(
        slow.map((c) => c.name).every((name) => name === 'latency_p99' || name === 'event_loop_p99'),
        String(error),
      ).toBe(true);
    });
  });
});

describe('GET /metrics with METRICS_TOKEN, and behind a proxy', () => {
  let withToken: TestServer;
  let behindProxy: TestServer;
  beforeAll(async () => {
    [withToken, behindProxy] = await Promise.all([
      startTestServer({ env: { METRICS_TOKEN: TOKEN, METRICS_SAMPLE_SECONDS: '0' } }),
      startTestServer({ env: { TRUST_PROXY: '1', DEV_SIGN_IN: 'true', METRICS_SAMPLE_SECONDS: '0' } }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([withToken?.close(), behindProxy?.close()]);
  });

  it('asks for the bearer token (401 without, 403 with another) and answers it from anywhere', async () => {
    const none = await fetch(`${withToken.url}/metrics`);
    expect([none.status, none.headers.get('www-authenticate'), await none.json()]).toEqual([401, 'Bearer realm="metrics"', { error: metricsTexts.tokenRequired }]);
    const wrong = await fetch(`${withToken.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect([wrong.status, await wrong.json()]).toEqual([403, { error: metricsTexts.wrongToken }]);
    const right = await fetch(`${withToken.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(parsePrometheusText(await right.text()).has('skillswap_http_requests_total')).toBe(true);
    const remote = await withToken.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(remote.statusCode).toBe(200);
  });

  it('refuses even a loopback connection while TRUST_PROXY is set and no token is', async () => {
    const local = await fetch(`${behindProxy.url}/metrics`);
    expect([local.status, await local.json()]).toEqual([403, { error: metricsTexts.loopbackOnly }]);
  });
});
