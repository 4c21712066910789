// HTTP load from autocannon in its own process, as clients do: in-process it would share the event loop
// (and the CPU it measures) with the server under test.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

/** Requests per second and p99 latency (ms) of `url` under load; any non-2xx answer or error throws. */
export const autocannonLoad = async (url: string, opts: LoadOptions) => {
  const headers = Object.entries(opts.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = [autocannonBin, '-c', String(opts.connections), '-d', String(opts.seconds), '-j', ...headers, url];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { non2xx: number; errors: number; requests: { average: number }; latency: { p99: number } };
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
};
