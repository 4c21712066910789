// (Issue 33) The audit screens' two reads through the real server, its session and admin guard:
//  - time travel: GET /api/admin/streams/{id}?at= stepping through a post of 10,000 comments and likes (the
//    state before and after, both as JSON, and microdiff's diff); target p99 <= 100 ms. Baseline: the
//    operations object's stateAt in the same process, at the same positions (the route's own cost is the
//    difference: the diff, the JSON answer and HTTP).
//  - the event browser: GET /api/admin/events filtered by actor, subject, a one-day window, a type within a
//    stream category, and a correlation, over 1,000,000 events seeded by bench/read-log.ts's seed (its
//    members, streams and correlations); target p99 <= 200 ms per filter.
// The read models and reactors are paused once the admin has signed in: the seeded events are made for
// the audit's reads, not for the projectors.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { startServer, type RunningServer } from '../api/main.js';
import { postStreamId } from '../domain/post/events.js';
import { indexAllLogKeys } from '../eventstore/sql-log-keys.js';
import { signIn, type ApiClient } from '../test/support/sign-in.js';
import { memberId, seedBatch } from './read-log.js';
import { append, longPost } from './state-at.js';
import type { BenchResult } from './support.js';
import { benchServerEnv, freshDatabase, percentile } from './support.js';

const STREAM_EVENTS = Number(process.env.BENCH_STATE_AT_EVENTS ?? 10_000);
const LOG_EVENTS = Number(process.env.BENCH_READ_LOG_EVENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_AUDIT_SAMPLES ?? 200);
const SEED_BATCH = 50_000;
const ADMIN = 'admin@bench.example';

const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

const ok = async (admin: ApiClient, path: string) => {
  const response = await admin.get(path);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as { events?: unknown[] };
};

const timeTravel = async (server: RunningServer, admin: ApiClient): Promise<BenchResult> => {
  const post = postStreamId(randomUUID());
  await append(server.store, post, longPost(post.slice('post-'.length), randomUUID()));
  const path = (at: number) => `/api/admin/streams/${encodeURIComponent(post)}?at=${at}`;
  await ok(admin, path(STREAM_EVENTS)); // the first look reads the whole stream; the steps after it are timed
  const positions = Array.from({ length: SAMPLES + 5 }, () => Math.floor(Math.random() * STREAM_EVENTS));
  const route: number[] = [];
  const direct: number[] = [];
  const bytes: number[] = [];
  for (const [i, at] of positions.entries()) {
    let answer: unknown;
    const r = await timed(async () => (answer = await ok(admin, path(at))));
    const d = await timed(() => server.operations.stateAt(post, at));
    if (i < 5) continue;
    route.push(r);
    direct.push(d);
    bytes.push(Buffer.byteLength(JSON.stringify(answer)));
  }
  const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`;
  const p99 = percentile(route, 99);
  return {
    name: `Time travel through GET /api/admin/streams/{id}?at= on a post of ${STREAM_EVENTS.toLocaleString('en-US')} events`,
    subject: `${SAMPLES} steps to random positions, one at a time, after a first look: state before and after, the diff, JSON over HTTP`,
    baseline: 'stateAt of the operations object in the same process at the same positions (p99)',
    subjectValue: p99,
    baselineValue: percentile(direct, 99),
    unit: 'ms (p99)',
    ratio: p99 / percentile(direct, 99),
    target: 'p99 <= 100 ms',
    pass: p99 <= 100,
    notes: `route p50 ${percentile(route, 50).toFixed(1)} ms; stateAt alone p50 ${percentile(direct, 50).toFixed(1)} ms; the answer p50 ${kB(percentile(bytes, 50))}, largest ${kB(Math.max(...bytes))}`,
  };
};

const pauseFollowers = async (server: RunningServer) => {
  const names = (await server.runtime.status()).map((s) => s.name);
  for (const name of names) await server.operations.followers.pause(name);
  for (let tries = 0; tries < 100; tries++) {
    if ((await server.runtime.status()).every((s) => s.status === 'paused')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the followers did not pause');
};

const eventBrowser = async (server: RunningServer, admin: ApiClient): Promise<BenchResult[]> => {
  const db = server.sql.db;
  const seedStarted = performance.now();
  for (let from = 0; from < LOG_EVENTS; from += SEED_BATCH) await seedBatch(from, Math.min(LOG_EVENTS, from + SEED_BATCH)).execute(db);
  await indexAllLogKeys(db);
  await sql`vacuum analyze events`.execute(db);
  await sql`vacuum analyze event_log_keys`.execute(db);
  const seedS = (performance.now() - seedStarted) / 1000;
  const pick = () => memberId(Math.floor(Math.random() * 10_000));
  const day = 24 * 3600 * 1000;
  const start = Date.parse('2026-08-30T00:00:00Z');
  const spanDays = Math.max(1, Math.floor((LOG_EVENTS * 7.776) / 86400) - 1);
  const filters: Record<string, () => string> = {
    actor: () => `member=${pick()}&memberAs=actor`,
    subject: () => `member=${pick()}`,
    'a one-day window': () => {
      const from = start + Math.floor(Math.random() * spanDays) * day;
      return `from=${new Date(from).toISOString()}&to=${new Date(from + day).toISOString()}`;
    },
    'type within a stream category': () => `type=${Math.random() < 0.5 ? 'SessionRequested' : 'SessionRated'}&stream=session-`,
    // The seed's correlations run six events each (md5('c' || i / 6)).
    correlation: () => {
      return `correlation=${md5Uuid(`c${Math.floor((Math.random() * LOG_EVENTS) / 6)}`)}`;
    },
  };
  const results: BenchResult[] = [];
  for (const [name, make] of Object.entries(filters)) {
    const first: number[] = [];
    const next: number[] = [];
    let found = 0;
    for (let i = 0; i < SAMPLES + 5; i++) {
      const query = make();
      let page: { events?: unknown[]; next?: string | null } = {};
      const a = await timed(async () => (page = await ok(admin, `/api/admin/events?${query}&limit=50`)));
      const b = page.next ? await timed(() => ok(admin, `/api/admin/events?${query}&limit=50&cursor=${page.next}`)) : null;
      if (i < 5) continue;
      first.push(a);
      if (b !== null) next.push(b);
      found += page.events?.length ?? 0;
    }
    const p99 = Math.max(percentile(first, 99), next.length > 0 ? percentile(next, 99) : 0);
    results.push({
      name: `Event browser GET /api/admin/events by ${name} over ${LOG_EVENTS.toLocaleString('en-US')} events`,
      subject: `${SAMPLES} random queries: the first page of 50 and, where there is one, the next page by its cursor, through the route`,
      baseline: 'none (an absolute latency target)',
      subjectValue: p99,
      baselineValue: percentile(first, 50),
      unit: 'ms (p99 of both pages; the baseline column shows the first page p50)',
      ratio: 1,
      target: 'p99 <= 200 ms',
      pass: p99 <= 200,
      notes: `first page p50 ${percentile(first, 50).toFixed(1)} ms; ${next.length} next pages; ${(found / SAMPLES).toFixed(1)} events per first page on average; seed and index ${seedS.toFixed(0)} s`,
    });
  }
  return results;
};

const md5Uuid = (text: string) => {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const benchAdminAudit = async (): Promise<BenchResult[]> => {
  const database = await freshDatabase('admin_audit');
  const server = await startServer(benchServerEnv(database.url, { ADMIN_EMAILS: ADMIN }));
  try {
    const admin = await signIn(server.url, ADMIN, 'Bench Admin');
    // The seeded streams are made for the audit's reads, not for the projectors (a post without tags).
    await pauseFollowers(server);
    const travel = await timeTravel(server, admin);
    return [travel, ...(await eventBrowser(server, admin))];
  } finally {
    await server.close();
    await database.drop();
  }
};
