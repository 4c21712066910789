// Shared bench plumbing: a throwaway PostgreSQL database per bench, medians, and the results table.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const serverUrl = () => process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/** Creates a fresh database and returns its URL and a drop function. */
export const freshDatabase = async (label: string) => {
  const name = `bench_${label}_${randomUUID().slice(0, 8)}`;
  // The benches before this one wrote (and dropped) millions of rows; a checkpoint now writes their dirty
  // pages out, rather than in the middle of this bench's measurement, where it stalled commits for 200 ms.
  await admin('checkpoint');
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export interface BenchResult {
  name: string;
  subject: string;
  baseline: string;
  subjectValue: number;
  baselineValue: number;
  unit: string;
  /** subject / baseline (higher is better for throughput) */
  ratio: number;
  target: string;
  pass: boolean;
  notes?: string;
}

/** Runs `fn` `times` times in alternation with `baseline` so drift hits both equally; returns medians. */
export const alternate = async (times: number, subject: () => Promise<number>, baseline: () => Promise<number>) => {
  const s: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < times; i += 1) {
    b.push(await baseline());
    s.push(await subject());
  }
  return { subject: median(s), baseline: median(b), subjectRuns: s, baselineRuns: b };
};

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const BENCH_SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** The settings every bench's server runs with: its own database, quiet logs and no rate limits. */
export const benchServerEnv = (databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATA_DIR: '/tmp/skillswap-bench',
  SESSION_SECRET: BENCH_SESSION_SECRET,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_READ_PER_MINUTE: '0',
  RATE_LIMIT_WRITE_PER_MINUTE: '0',
  RATE_LIMIT_AUTH_PER_MINUTE: '0',
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '0',
  // The client captures page views as it would in production, so Lighthouse measures the capture's cost too.
  ANALYTICS: 'on',
  ...extra,
});

/** `make(0..count-1)`, `size` at a time (sign-ins and set-up the server would otherwise see all at once). */
export const inBatches = async <T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> => {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, k) => make(i + k)))));
  return out;
};

export interface ProcessWatch {
  /** Longest event-loop stall seen (ms): the server thread busy or paused for that long. */
  loopMaxMs: number;
  /** 99th percentile of the event-loop delay (ms). */
  loopP99Ms: number;
  /** Longest and summed garbage-collection pauses (ms). */
  gcMaxMs: number;
  gcTotalMs: number;
  /** 99th percentile and longest of the requests' time inside the server (its HTTP server saw the request until it finished the response). */
  serverP99Ms: number;
  serverMaxMs: number;
}

/**
 * Watches this process (the server runs in the bench's process) while `fn` runs, so a run's tail can be
 * told apart: a server-thread stall (GC, a long task) shows here; a tail with a quiet thread is the
 * machine's scheduling or PostgreSQL.
 */
export const watchProcess = async <T>(fn: () => Promise<T>): Promise<{ value: T; watch: ProcessWatch }> => {
  const { createHistogram, monitorEventLoopDelay, PerformanceObserver } = await import('node:perf_hooks');
  const channels = await import('node:diagnostics_channel');
  const loop = monitorEventLoopDelay({ resolution: 1 });
  // Each request's time in the server, from Node's HTTP server channels: a tail here is the server's;
  // a tail only in the load generator's figures is before or after it (the machine, the sockets).
  const inServer = createHistogram();
  const started = new WeakMap<object, bigint>();
  const onStart = (message: unknown) => started.set((message as { request: object }).request, process.hrtime.bigint());
  const onFinish = (message: unknown) => {
    const at = started.get((message as { request: object }).request);
    if (at !== undefined) inServer.record(Math.max(1, Number((process.hrtime.bigint() - at) / 1000n)));
  };
  channels.subscribe('http.server.request.start', onStart);
  channels.subscribe('http.server.response.finish', onFinish);
  let gcMaxMs = 0;
  let gcTotalMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      gcTotalMs += entry.duration;
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  loop.enable();
  try {
    const value = await fn();
    return {
      value,
      watch: {
        loopMaxMs: loop.max / 1e6,
        loopP99Ms: loop.percentile(99) / 1e6,
        gcMaxMs,
        gcTotalMs,
        serverP99Ms: inServer.count > 0 ? inServer.percentile(99) / 1000 : 0,
        serverMaxMs: inServer.count > 0 ? inServer.max / 1000 : 0,
      },
    };
  } finally {
    loop.disable();
    gc.disconnect();
    channels.unsubscribe('http.server.request.start', onStart);
    channels.unsubscribe('http.server.response.finish', onFinish);
  }
};

export const fmtWatch = (w: ProcessWatch) =>
  `in the server p99 ${fmt(w.serverP99Ms, 1)} ms (longest ${fmt(w.serverMaxMs, 0)} ms), server thread: longest stall ${fmt(w.loopMaxMs, 0)} ms, loop delay p99 ${fmt(w.loopP99Ms, 0)} ms, longest GC ${fmt(w.gcMaxMs, 0)} ms (${fmt(w.gcTotalMs, 0)} ms in all)`;

/** CPU seconds (user + system) of the processes given, from /proc/<pid>/stat (Linux). */
const cpuOfPids = async (pids: number[]): Promise<number> => {
  const { readFile } = await import('node:fs/promises');
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15 of the line
  }
  return ticks / 100; // USER_HZ
};

/**
 * Runs `fn` under V8's CPU profiler when BENCH_CPU_PROFILE names a directory, and writes `<name>.cpuprofile`
 * there (open it in Chrome's DevTools or read it with a script): a profile of the measured rounds alone, not
 * of a fixture's set-up. With `databaseUrl` it also writes `<name>.cpu.json`: the CPU seconds this process and
 * that database's backends spent in the round (where a request's cost lies). Without the variable it runs `fn`.
 */
export const profiled = async <T>(name: string, fn: () => Promise<T>, databaseUrl?: string): Promise<T> => {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return fn();
  const { Session } = await import('node:inspector/promises');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const pg = (await import('pg')).default;
  const backends = async () => {
    if (!databaseUrl) return [];
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };
  // Where PostgreSQL's share goes, statement by statement, when the server loads pg_stat_statements
  // (shared_preload_libraries); written to `<name>.statements.json`. Without it, nothing is written.
  const statements = async (step: 'reset' | 'read') => {
    if (!databaseUrl) return null;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('create extension if not exists pg_stat_statements');
      if (step === 'reset') return await client.query('select pg_stat_statements_reset()');
      const { rows } = await client.query(
        `select round(total_exec_time::numeric, 1)::float as ms, calls::int, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc limit 30`,
      );
      return rows;
    } catch {
      return null;
    } finally {
      await client.end();
    }
  };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await statements('reset');
  const pids = await backends();
  const databaseBefore = await cpuOfPids(pids);
  const processBefore = process.cpuUsage();
  const startedAt = performance.now();
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const processCpu = process.cpuUsage(processBefore);
    const seconds = (performance.now() - startedAt) / 1000;
    const databaseCpu = (await cpuOfPids(pids)) - databaseBefore;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    const cpu = { seconds, processUser: processCpu.user / 1e6, processSystem: processCpu.system / 1e6, databaseCpu, backends: pids.length };
    writeFileSync(`${dir}/${name}.cpu.json`, JSON.stringify(cpu));
    const read = await statements('read');
    if (read) writeFileSync(`${dir}/${name}.statements.json`, JSON.stringify(read, null, 1));
    session.disconnect();
  }
};
