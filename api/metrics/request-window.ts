// The requests of the last minute, for the health grade and the stored samples (docs/telemetry.md): counts
// are exact, durations are kept in bounded reservoirs (one per 15 s bucket, at most RESERVOIR_SIZE each,
// replaced at random once full) so a busy minute costs the same memory as a quiet one. No timer: buckets
// older than the window are dropped when the window is written or read.

export const WINDOW_MS = 60_000;
export const BUCKET_MS = 15_000;
export const RESERVOIR_SIZE = 2_000;

interface Bucket {
  start: number;
  requests: number;
  serverErrors: number;
  totalMs: number;
  /** Every duration while `requests <= RESERVOIR_SIZE`, then a uniform sample of them (Algorithm R). */
  sample: number[];
}

export interface RequestSummary {
  /** The span the figures cover, in seconds. */
  windowSeconds: number;
  requests: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Mean duration in ms; null without requests. */
  avgMs: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
}

/** The value below which `q` of the sorted values lie (nearest rank); null for none. */
export const quantile = (sorted: readonly number[], q: number): number | null => {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
};

export interface RequestWindow {
  record(durationMs: number, statusCode: number): void;
  summary(): RequestSummary;
}

export const createRequestWindow = (now: () => number = Date.now, random: () => number = Math.random): RequestWindow => {
  const buckets: Bucket[] = [];
  const prune = (at: number) => {
    while (buckets.length > 0 && buckets[0]!.start <= at - WINDOW_MS) buckets.shift();
  };
  return {
    record(durationMs, statusCode) {
      const at = now();
      prune(at);
      const start = at - (at % BUCKET_MS);
      let bucket = buckets.at(-1);
      if (!bucket || bucket.start !== start) buckets.push((bucket = { start, requests: 0, serverErrors: 0, totalMs: 0, sample: [] }));
      bucket.requests += 1;
      bucket.totalMs += durationMs;
      if (statusCode >= 500) bucket.serverErrors += 1;
      if (bucket.sample.length < RESERVOIR_SIZE) bucket.sample.push(durationMs);
      else {
        const slot = Math.floor(random() * bucket.requests);
        if (slot < RESERVOIR_SIZE) bucket.sample[slot] = durationMs;
      }
    },
    summary() {
      prune(now());
      let requests = 0;
      let serverErrors = 0;
      let totalMs = 0;
      const durations: number[] = [];
      for (const b of buckets) {
        requests += b.requests;
        serverErrors += b.serverErrors;
        totalMs += b.totalMs;
        // A fuller bucket than its reservoir speaks for more requests: weighted by repeating its sample would
        // cost memory; the reservoirs are equal in size and so near enough for a p99 of one minute.
        for (const d of b.sample) durations.push(d);
      }
      durations.sort((a, b) => a - b);
      return {
        windowSeconds: WINDOW_MS / 1000,
        requests,
        serverErrors,
        avgMs: requests === 0 ? null : totalMs / requests,
        p50Ms: quantile(durations, 0.5),
        p99Ms: quantile(durations, 0.99),
      };
    },
  };
};
