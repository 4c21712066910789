// A closed-loop load generator: `connections` workers each send the next request from a shared queue as
// soon as their previous one answered, over keep-alive fetch. Unlike autocannon it lets every request
// carry its own body (each booking needs its own slot), and it records every latency.
import { percentile } from './support.js';

export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

export const runLoad = async (requests: LoadRequest[], connections: number): Promise<LoadResult> => {
  let next = 0;
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (;;) {
        const request = requests[next++];
        if (!request) return;
        const t0 = performance.now();
        const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rps: requests.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
};
