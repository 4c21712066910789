import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRouteRequests } from './route-requests.js';

const lines = async (registry: Registry) => (await registry.metrics()).split('\n').filter((line) => line && !line.startsWith('#'));

describe('route requests', () => {
  it("prints each route's cumulative buckets, sum and count, and its answers by status class", async () => {
    const registry = new Registry();
    const requests = createRouteRequests(registry, [0.01, 0.1, 1]);
    requests.record('GET', '/api/user', '2xx', 0.004);
    requests.record('GET', '/api/user', '2xx', 0.01); // on an edge: that edge's bucket (le is inclusive)
    requests.record('GET', '/api/user', '4xx', 0.5);
    requests.record('POST', '/api/sessions', '2xx', 3);
    expect(await lines(registry)).toEqual([
      'skillswap_http_request_duration_seconds_bucket{le="0.01",method="GET",route="/api/user"} 2',
      'skillswap_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/user"} 2',
      'skillswap_http_request_duration_seconds_bucket{le="1",method="GET",route="/api/user"} 3',
      'skillswap_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/user"} 3',
      'skillswap_http_request_duration_seconds_sum{method="GET",route="/api/user"} 0.514',
      'skillswap_http_request_duration_seconds_count{method="GET",route="/api/user"} 3',
      'skillswap_http_request_duration_seconds_bucket{le="0.01",method="POST",route="/api/sessions"} 0',
      'skillswap_http_request_duration_seconds_bucket{le="0.1",method="POST",route="/api/sessions"} 0',
      'skillswap_http_request_duration_seconds_bucket{le="1",method="POST",route="/api/sessions"} 0',
      'skillswap_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/sessions"} 1',
      'skillswap_http_request_duration_seconds_sum{method="POST",route="/api/sessions"} 3',
      'skillswap_http_request_duration_seconds_count{method="POST",route="/api/sessions"} 1',
      'skillswap_http_requests_total{method="GET",route="/api/user",status="2xx"} 2',
      'skillswap_http_requests_total{method="GET",route="/api/user",status="4xx"} 1',
      'skillswap_http_requests_total{method="POST",route="/api/sessions",status="2xx"} 1',
    ]);
  });

  it('answers the same families as objects (getMetricsAsJSON)', async () => {
    const registry = new Registry();
    createRouteRequests(registry, [0.5]).record('GET', '/x', '2xx', 0.2);
    const [histogram] = await registry.getMetricsAsJSON();
    expect(histogram).toMatchObject({ name: 'skillswap_http_request_duration_seconds', type: 'histogram' });
    expect(histogram!.values).toContainEqual({ metricName: 'skillswap_http_request_duration_seconds_count', labels: { method: 'GET', route: '/x' }, value: 1 });
  });
});
