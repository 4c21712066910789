// A closed-loop HTTP load from wrk (Debian's `wrk` package) in its own process, as clients are: a
// generator on the server's own thread spends that thread's time and flatters whichever side is
// cheaper to serve (bench/notes.md). Each request is a line of a file (`cookie<TAB>body` POSTed, or
// `cookie<TAB>path` as a GET), sent with one thread and `connections` keep-alive connections, all open before the timed load
// (wrk-load.lua's delay).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface WrkLine {
  cookie: string;
  body: string;
}

export interface WrkResult {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  /** Responses outside 2xx/3xx. */
  non2xx: number;
  errors: number;
}

const script = fileURLToPath(new URL('./wrk-load.lua', import.meta.url));

export const assertWrkInstalled = async (): Promise<void> => {
  await promisify(execFile)('wrk', ['--version']).catch((error: NodeJS.ErrnoException) => {
    // wrk --version prints its banner and exits 1: only a missing program is a problem.
    if (error.code === 'ENOENT') throw new Error('The HTTP benches need wrk (Debian: apt-get install wrk)');
  });
};

const run = async (origin: string, file: string, args: readonly string[], opts: { connections: number; seconds: number }): Promise<WrkResult> => {
  const wrkArgs = ['-t1', `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '10s', '-s', script, origin, '--', file, String(opts.connections), ...args];
  const { stdout } = await promisify(execFile)('wrk', wrkArgs, { maxBuffer: 1024 * 1024 });
  const match = /RESULT requests=(\d+) duration_us=(\d+) p50_us=(\d+) p99_us=(\d+) non2xx=(\d+) errors=(\d+)/.exec(stdout);
  if (!match) throw new Error(`wrk printed no result:\n${stdout}`);
  const [requests, micros, p50, p99, non2xx, errors] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return { rps: requests / (micros / 1e6), requests, p50: p50 / 1000, p99: p99 / 1000, non2xx, errors };
};

/** Runs wrk over a file of `lines` in a scratch folder, removed afterwards. */
const withLines = async <T>(lines: readonly string[], fn: (file: string) => Promise<T>): Promise<T> => {
  const dir = mkdtempSync(join(tmpdir(), 'skillswap-wrk-'));
  try {
    const file = join(dir, 'requests.tsv');
    writeFileSync(file, lines.join('\n'));
    return await fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Sends `lines` in order over `connections` connections for `seconds`, starting again after the last. */
export const runWrk = async (
  url: string,
  lines: readonly WrkLine[],
  opts: { connections: number; origin: string; seconds: number; userAgent?: string },
): Promise<WrkResult> => {
  const target = new URL(url);
  return withLines(
    lines.map((l) => `${l.cookie}\t${l.body}`),
    (file) => run(target.origin, file, ['post', target.pathname, opts.origin, ...(opts.userAgent ? [opts.userAgent] : [])], opts),
  );
};

export interface WrkGet {
  cookie: string;
  /** Path and query string. */
  path: string;
}

/** GETs `requests` in order (each with its member's cookie) over `connections` connections, starting again after the last. */
export const runWrkGets = async (origin: string, requests: readonly WrkGet[], opts: { connections: number; seconds: number }): Promise<WrkResult> =>
  withLines(
    requests.map((r) => `${r.cookie}\t${r.path}`),
    (file) => run(origin, file, ['get'], opts),
  );

/** A round's result, refused when any answer was not 2xx or a socket failed (a bench must not time errors). */
export const expectAllOk = (what: string, r: WrkResult): WrkResult => {
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${what}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r;
};
