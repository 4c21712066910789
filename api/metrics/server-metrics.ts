// The server's metrics (issue 32 point 3): one prom-client registry per server for GET /metrics, and the
// last minute's requests and event-loop delay for the health grade and the stored samples. Kept small
// (DESIGN.md §12, the anchors' client_js#543 trap): every label set is bounded, the route label is the
// route's pattern (never the raw URL or a member), status codes are counted by class.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '../../eventstore/types.js';
import type { FollowerHealthView } from './health-grade.js';
import { createRequestWindow, type RequestWindow } from './request-window.js';
import { createRouteRequests } from './route-requests.js';

/**
 * Eight of OpenTelemetry's advised HTTP duration buckets, in seconds (of its 14): each route seen adds its
 * buckets' lines to every scrape (about 1.2 KB a route with these), and the health levels (1 s, 5 s) are
 * bucket edges.
 */
export const LATENCY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** The event loop's delay is read every EVENT_LOOP_WINDOW_MS at most: a p99 of about the last 15 s. */
export const EVENT_LOOP_WINDOW_MS = 15_000;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A route pattern, or one label for everything the router did not match (no URL ever becomes a label). */
export const routeLabel = (pattern: string | undefined): string => pattern ?? 'unmatched';
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const statusClass = (code: number) => STATUS_CLASSES[Math.floor(code / 100)] ?? `${Math.floor(code / 100)}xx`;
/** Followers that are doing their work (up = 1). */
const UP_STATES = new Set(['live', 'catching-up', 'rebuilding', 'standby', 'starting']);

export interface MetricSources {
  followers: () => Promise<readonly FollowerHealthView[]>;
  sockets: () => number;
}

export interface ServerMetrics {
  registry: Registry;
  /** The last minute's requests (health, samples). */
  requests: RequestWindow;
  observeRequest(method: string, route: string | undefined, statusCode: number, durationMs: number): void;
  /** The event store with its appends counted and timed; every other method is the store's own. */
  measureStore<S extends EventStore>(store: S): S;
  /** Where the follower and socket gauges read from, once the app has them. */
  attach(sources: MetricSources): void;
  /** The followers' status, shared by the gauges of one scrape and the health check for a second. */
  followers(): Promise<readonly FollowerHealthView[]>;
  sockets(): number;
  /** p99 of the event loop's delay over about the last EVENT_LOOP_WINDOW_MS, in ms; null before any reading. */
  eventLoopP99Ms(): number | null;
  stop(): void;
}

export const createServerMetrics = (options: { now?: () => number } = {}): ServerMetrics => {
  const now = options.now ?? Date.now;
  const registry = new Registry();
  // Memory, CPU, handles, GC and the event loop's lag as every Node exporter names them; the GC histogram with
  // three buckets instead of six.
  collectDefaultMetrics({ register: registry, gcDurationBuckets: [0.001, 0.01, 0.1, 1], eventLoopMonitoringPrecision: 20 });

  const routeRequests = createRouteRequests(registry, LATENCY_BUCKETS);
  const appends = new Counter({
    name: 'skillswap_eventstore_appends_total',
    help: 'Appends to the event store (append and appendMany calls) by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const appendedEvents = new Counter({ name: 'skillswap_eventstore_appended_events_total', help: 'Events appended', registers: [registry] });
  const appendDuration = new Histogram({
    name: 'skillswap_eventstore_append_duration_seconds',
    help: 'Duration of an append to the event store, group commit included',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  let sources: MetricSources = { followers: async () => [], sockets: () => 0 };
  let shared: { at: number; statuses: Promise<readonly FollowerHealthView[]> } | null = null;
  const followers = () => {
    if (!shared || now() - shared.at > 1_000) shared = { at: now(), statuses: sources.followers().catch(() => []) };
    return shared.statuses;
  };
  const followerGauge = (name: string, help: string, value: (f: FollowerHealthView) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind', 'name'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const f of await followers()) {
          const v = value(f);
          if (v !== null) this.set({ kind: f.kind, name: f.name }, v);
        }
      },
    });
  followerGauge('skillswap_follower_lag_events', 'Events of the log a projector or reactor has not applied yet', (f) => f.lag);
  followerGauge('skillswap_follower_lag_seconds', 'How long the oldest event a projector or reactor has not applied has waited', (f) => f.lagSeconds ?? null);
  followerGauge('skillswap_follower_up', '1 while a projector or reactor follows the log, 0 when failed, stalled, paused or stopped', (f) =>
    UP_STATES.has(f.status) && !f.stalled ? 1 : 0,
  );
  new Gauge({
    name: 'skillswap_websocket_connections',
    help: 'Open /ws connections to this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });

  const requests = createRequestWindow(now);
  const loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  let loopPrevious: number | null = null;
  let loopSince = now();
  const loopP99 = () => (loop.count > 0 ? loop.percentile(99) / 1e6 : null);

  const measured = async <T>(events: number, append: () => Promise<T>): Promise<T> => {
    const stopTimer = appendDuration.startTimer();
    try {
      const result = await append();
      appends.inc({ outcome: 'ok' });
      appendedEvents.inc(events);
      return result;
    } catch (error) {
      appends.inc({ outcome: 'error' });
      throw error;
    } finally {
      stopTimer();
    }
  };

  return {
    registry,
    requests,
    observeRequest(method, route, statusCode, durationMs) {
      routeRequests.record(METHODS.has(method) ? method : 'OTHER', routeLabel(route), statusClass(statusCode), durationMs / 1000);
      requests.record(durationMs, statusCode);
    },
    measureStore(store) {
      // Every command reads the store through this: each method is bound once, not on every access.
      const bound = new Map<PropertyKey, unknown>([
        ['append', (...args: Parameters<EventStore['append']>) => measured(args[1].length, () => store.append(...args))],
        [
          'appendMany',
          (...args: Parameters<EventStore['appendMany']>) =>
            measured(
              args[0].reduce((n, a) => n + a.events.length, 0),
              () => store.appendMany(...args),
            ),
        ],
      ]);
      return new Proxy(store, {
        get(target, property, receiver) {
          const known = bound.get(property);
          if (known !== undefined) return known;
          const value: unknown = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          const method = (value as (...a: unknown[]) => unknown).bind(target);
          bound.set(property, method);
          return method;
        },
      });
    },
    attach(next) {
      sources = next;
      shared = null;
    },
    followers,
    sockets: () => sources.sockets(),
    eventLoopP99Ms() {
      if (now() - loopSince >= EVENT_LOOP_WINDOW_MS) {
        loopPrevious = loopP99();
        loop.reset();
        loopSince = now();
      }
      const current = loopP99();
      if (current === null) return loopPrevious;
      return loopPrevious === null ? current : Math.max(current, loopPrevious);
    },
    stop() {
      loop.disable();
    },
  };
};
