// Stores a few samples of the server's metrics as telemetry every `everyMs` (METRICS_SAMPLE_SECONDS,
// decision 319): the System Metrics tab lists them and the hourly rollup keeps their trend. One batch
// of at most SAMPLES_PER_TICK rows per tick; a tick still running when the next is due is skipped, the
// timer is unref'd and stop() waits for the tick in flight.
import { hostname } from 'node:os';
import type { MetricSample, Telemetry } from '../../telemetry/types.js';
import type { ServerMetrics } from './server-metrics.js';

export const SAMPLES_PER_TICK = 10;

/** The samples of one tick (a pure function of what was read, so the shape is tested without a timer). */
export const samplesOf = (
  read: {
    requests: ReturnType<ServerMetrics['requests']['summary']>;
    followers: Awaited<ReturnType<ServerMetrics['followers']>>;
    sockets: number;
    eventLoopP99Ms: number | null;
    memory: NodeJS.MemoryUsage;
  },
  occurredAt: Date,
  instance: string,
): MetricSample[] => {
  const { requests: r } = read;
  const window = `${r.windowSeconds}s`;
  const sample = (name: string, value: number | null, unit: string, tags: Record<string, string> = {}): MetricSample[] =>
    value === null || !Number.isFinite(value) ? [] : [{ occurredAt, name, value: Math.round(value * 100) / 100, unit, tags: { instance, ...tags } }];
  const laggiest = read.followers.reduce<(typeof read.followers)[number] | null>((a, f) => ((f.lag ?? 0) > (a?.lag ?? -1) ? f : a), null);
  const notRunning = read.followers.filter((f) => f.stalled || ['failed', 'paused', 'stopped'].includes(f.status)).length;
  return [
    ...sample('http_latency_p50', r.p50Ms, 'ms', { window }),
    ...sample('http_latency_p99', r.p99Ms, 'ms', { window }),
    ...sample('http_request_rate', r.requests / r.windowSeconds, 'req/s', { window }),
    ...sample('http_error_rate', r.requests === 0 ? 0 : (r.serverErrors / r.requests) * 100, '%', { window }),
    ...sample('follower_lag_max', laggiest?.lag ?? 0, 'events', laggiest && (laggiest.lag ?? 0) > 0 ? { follower: laggiest.name } : {}),
    ...sample('followers_not_running', notRunning, 'followers'),
    ...sample('websocket_connections', read.sockets, 'connections'),
    ...sample('event_loop_delay_p99', read.eventLoopP99Ms, 'ms'),
    ...sample('memory_rss', read.memory.rss / 1024 / 1024, 'MB'),
    ...sample('memory_heap_used', read.memory.heapUsed / 1024 / 1024, 'MB'),
  ].slice(0, SAMPLES_PER_TICK);
};

export interface MetricsSampler {
  /** Takes and stores one tick's samples now (the timer's work; tests call it). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export const startMetricsSampler = (options: {
  metrics: ServerMetrics;
  telemetry: Pick<Telemetry, 'record'>;
  clock: () => Date;
  /** 0: no timer (tick() only). */
  everyMs: number;
  onError: (error: unknown) => void;
}): MetricsSampler => {
  const { metrics } = options;
  const instance = `${hostname()}:${process.pid}`;
  let running: Promise<void> | null = null;
  const take = async () => {
    const samples = samplesOf(
      {
        requests: metrics.requests.summary(),
        followers: await metrics.followers(),
        sockets: metrics.sockets(),
        eventLoopP99Ms: metrics.eventLoopP99Ms(),
        memory: process.memoryUsage(),
      },
      options.clock(),
      instance,
    );
    await options.telemetry.record({ metrics: samples });
  };
  const tick = () => {
    running ??= take()
      .catch((error: unknown) => options.onError(error))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = options.everyMs > 0 ? setInterval(() => void tick(), options.everyMs) : null;
  timer?.unref();
  return {
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
};
