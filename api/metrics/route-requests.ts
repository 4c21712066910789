// Every answer's duration by route, counted in plain numbers on the request path and handed to prom-client
// only when /metrics is scraped. prom-client's labelled `observe` and `inc` validate and hash a label
// object and find the bucket in a number-keyed object on every call: in `bench/run.ts http-user` they cost
// GET /api/user about a sixth of its throughput (decision 376); here an answer is a map look-up, a walk
// of eight bucket edges and a few additions. The families keep their names, types and labels.
import { Counter, Histogram, type Registry } from 'prom-client';

type RouteLabel = 'method' | 'route';

interface Series {
  labels: { method: string; route: string };
  /** Answers per bucket (not cumulative), the last one past every edge. */
  buckets: number[];
  sum: number;
  count: number;
  /** Answers by status class ('2xx' ...). */
  statuses: Map<string, number>;
}

export interface RouteRequests {
  record(method: string, route: string, statusClass: string, seconds: number): void;
}

interface Family {
  name: string;
  help: string;
}

/** A family as prom-client's registry reads it from a metric (`getForPromString`, or `get`, which splays it). */
interface FamilyValues extends Family {
  type: 'histogram';
  aggregator: 'sum';
  /** `labels` the value's own (le), `sharedLabels` the series' (as prom-client's histograms give them). */
  values: { metricName: string; labels: { le?: number | '+Inf' }; sharedLabels: Series['labels']; value: number }[];
}

/** A histogram whose values are the series' counts at the scrape. */
class CountedHistogram extends Histogram<RouteLabel> {
  constructor(
    private readonly series: ReadonlyMap<string, Series>,
    private readonly edges: readonly number[],
    private readonly family: Family,
    registry: Registry,
  ) {
    super({ ...family, labelNames: ['method', 'route'], buckets: [...edges], registers: [registry] });
  }

  /** Replaces prom-client's own (which reads its observations): every series' cumulative buckets, sum and count. */
  async getForPromString(): Promise<FamilyValues> {
    const { name } = this.family;
    const values: FamilyValues['values'] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let below = 0;
      this.edges.forEach((le, i) => {
        below += buckets[i]!;
        values.push({ metricName: `${name}_bucket`, labels: { le }, sharedLabels: labels, value: below });
      });
      values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf' }, sharedLabels: labels, value: count });
      values.push({ metricName: `${name}_sum`, labels: {}, sharedLabels: labels, value: sum });
      values.push({ metricName: `${name}_count`, labels: {}, sharedLabels: labels, value: count });
    }
    return { ...this.family, type: 'histogram', aggregator: 'sum', values };
  }
}

export const createRouteRequests = (registry: Registry, edges: readonly number[]): RouteRequests => {
  // Bounded: route patterns times methods (the app's routes, never a raw URL).
  const series = new Map<string, Series>();
  new CountedHistogram(series, edges, { name: 'skillswap_http_request_duration_seconds', help: 'HTTP request duration by route pattern and method' }, registry);
  new Counter({
    name: 'skillswap_http_requests_total',
    help: 'HTTP requests by route pattern, method and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, statuses } of series.values()) for (const [status, n] of statuses) this.inc({ ...labels, status }, n);
    },
  });
  return {
    record(method, route, statusClass, seconds) {
      const key = `${method} ${route}`;
      let one = series.get(key);
      if (!one) series.set(key, (one = { labels: { method, route }, buckets: new Array<number>(edges.length + 1).fill(0), sum: 0, count: 0, statuses: new Map() }));
      let bucket = 0;
      while (bucket < edges.length && seconds > edges[bucket]!) bucket += 1;
      one.buckets[bucket]! += 1;
      one.sum += seconds;
      one.count += 1;
      one.statuses.set(statusClass, (one.statuses.get(statusClass) ?? 0) + 1);
    },
  };
};
