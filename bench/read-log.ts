// readLog over 1,000,000 events on PostgreSQL (issue 30): filtered by actor, by subject and by a time
// range, the first page of 50 (newest first) and a page deep into the result, p99 <= 200 ms each.
// The log is seeded server-side, one INSERT ... SELECT per batch straight into `events`: 10,000 members
// with a realistic mix of streams (sessions naming their two members, ledgers, posts with their
// comments, slot hours, member streams, inboxes) over 90 days. The log keys, commit times and order are
// stored by the indexer's batches over the whole log (the backfill after the migration on a live log,
// sql-log-keys.ts), timed. The whole log unfiltered (the browser's first view) is measured too, its deep
// page after a random position.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { openSqlDatabase } from '../eventstore/sql-database.js';
import { createSqlEventStore } from '../eventstore/sql-event-store.js';
import { indexAllLogKeys } from '../eventstore/sql-log-keys.js';
import type { LogQuery } from '../eventstore/types.js';
import type { BenchResult } from './support.js';
import { freshDatabase, percentile } from './support.js';

const EVENTS = Number(process.env.BENCH_READ_LOG_EVENTS ?? 1_000_000);
const BATCH = 50_000;
const MEMBERS = 10_000;
const SAMPLES = Number(process.env.BENCH_READ_LOG_SAMPLES ?? 200);
const TARGET_MS = 200;

const member = (k: string) => `md5('m' || abs(hashtext(${k}) % ${MEMBERS}))::uuid::text`;
/** The id `member(k)` makes in SQL, for choosing members to ask about. */
export const memberId = (k: number) => {
  const hex = createHash('md5')
    .update(`m${k % MEMBERS}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

// One batch: every column computed from the row's number i. Positions in a stream are i itself (unique,
// with gaps): readLog never reads them, and the seed needs no per-stream counter.
export const seedBatch = (from: number, to: number) =>
  sql.raw(`
insert into events (stream_id, stream_position, event_id, type, data, metadata, created_at)
select g.stream_id, g.i, md5('e' || g.i)::uuid, g.type, g.data,
  jsonb_build_object('eventId', md5('e' || g.i)::uuid, 'occurredAt', g.at, 'actorId', g.actor,
    'correlationId', md5('c' || (g.i / 6))::uuid,
    'causationId', case when g.i % 6 = 0 then null else md5('e' || (g.i - 1))::uuid end, 'schemaVersion', 1),
  g.at
from (
  select x.i, x.at,
    case when x.b < 30 then 'session-' || x.sid
         when x.b < 50 then 'ledger-' || x.m
         when x.b < 65 then 'post-' || (x.i / 200)
         when x.b < 75 then 'slots-' || x.mentor || '-' || to_char(date_trunc('hour', x.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"')
         when x.b < 85 then 'member-' || x.m
         else 'inbox-' || x.m end as stream_id,
    case when x.b < 30 then (array['SessionRequested', 'SessionApproved', 'ThreadMessagePosted', 'SessionCompleted', 'SessionRated'])[(1 + x.i % 5)::int]
         when x.b < 50 then (array['PointsGranted', 'PointsHeld', 'HoldRefunded', 'PointsTransferred'])[(1 + x.i % 4)::int]
         when x.b < 65 then (array['PostCreated', 'CommentAdded', 'PostLiked'])[(1 + x.i % 3)::int]
         when x.b < 75 then 'SlotsReserved'
         when x.b < 85 then (array['MemberRegistered', 'ProfileUpdated', 'AvailabilitySet'])[(1 + x.i % 3)::int]
         else 'NotificationAdded' end as type,
    case when x.b < 30 then jsonb_build_object('sessionId', x.sid, 'studentId', x.student, 'instructorId', x.mentor, 'skillId', md5('s' || x.sid))
         when x.b < 50 then jsonb_build_object('memberId', x.m, 'amount', 1 + x.i % 3, 'transactionId', md5('t' || x.i))
         when x.b < 65 then jsonb_build_object('postId', x.i / 200, 'authorId', x.author, 'commentAuthorId', x.m, 'text', 'How do I profile a slow query?')
         when x.b < 75 then jsonb_build_object('mentorId', x.mentor, 'sessionId', x.sid, 'cells', jsonb_build_array(x.at))
         when x.b < 85 then jsonb_build_object('memberId', x.m, 'name', 'Member ' || x.m)
         else jsonb_build_object('memberId', x.m, 'notificationId', md5('n' || x.i)) end as data,
    case when x.b < 30 then case when x.i % 2 = 0 then x.student else x.mentor end
         when x.b < 50 then case when x.i % 2 = 0 then x.m end
         when x.b < 75 then x.m
         when x.b < 85 then x.m end as actor
  from (
    select i, i % 100 as b, i / 40 as sid,
      timestamptz '2026-08-30T00:00:00Z' + i * interval '7776 milliseconds' as at,
      ${member("'a' || i")} as m,
      ${member("'s' || (i / 40)")} as student,
      ${member("'t' || (i / 40)")} as mentor,
      ${member("'p' || (i / 200)")} as author
    from generate_series(${from}::bigint, ${to - 1}::bigint) as i
  ) x
) g`);

export const benchReadLog = async (): Promise<BenchResult[]> => {
  const database = await freshDatabase('read_log');
  const db = await openSqlDatabase<unknown>({ url: database.url, poolSize: 4 });
  // The keys are stored by the bench (below), not by the store's indexer in the middle of the seed.
  const store = await createSqlEventStore(db, { logKeys: 'manual' });
  try {
    const seedStarted = performance.now();
    for (let from = 0; from < EVENTS; from += BATCH) await seedBatch(from, Math.min(EVENTS, from + BATCH)).execute(db.db);
    const seedMs = performance.now() - seedStarted;
    const indexStarted = performance.now();
    // The backfill: the indexer's batches over the whole old log, as after the migration on a live log.
    await indexAllLogKeys(db.db);
    const indexMs = performance.now() - indexStarted;
    await sql`vacuum analyze events`.execute(db.db);
    await sql`vacuum analyze event_log_keys`.execute(db.db);

    // Members and windows to ask about, and for each a cursor halfway into its result (found untimed).
    const halfway = async (query: LogQuery): Promise<string | null> => {
      const total = (await store.readLog({ ...query, limit: 500 })).events.length;
      if (total === 0) return null;
      const page = await store.readLog({ ...query, limit: Math.max(1, Math.floor(total / 2)) });
      return page.events.at(-1)!.globalPosition.toString();
    };
    const day = 24 * 3600 * 1000;
    const start = Date.parse('2026-08-30T00:00:00Z');
    const spanDays = Math.floor((EVENTS * 7.776) / 86400);
    const queries: Record<'actor' | 'subject' | 'time range' | 'nothing (the whole log)', () => Promise<LogQuery>> = {
      actor: async () => ({ actorId: memberId(Math.floor(Math.random() * MEMBERS)) }),
      subject: async () => ({ subjectId: memberId(Math.floor(Math.random() * MEMBERS)) }),
      'time range': async () => {
        const from = start + Math.floor(Math.random() * Math.max(1, spanDays - 1)) * day;
        return { from: new Date(from).toISOString(), to: new Date(from + day).toISOString() };
      },
      'nothing (the whole log)': async () => ({}),
    };
    const wholeLog = (query: LogQuery) => Object.keys(query).length === 0;

    const results: BenchResult[] = [];
    for (const [name, make] of Object.entries(queries)) {
      const first: number[] = [];
      const deep: number[] = [];
      const sizes: number[] = [];
      for (let i = 0; i < SAMPLES + 5; i++) {
        // A member who never acted (rare at 1,000,000 events) gives no deep page: another is chosen.
        let query = await make();
        let cursor = wholeLog(query) ? String(1 + Math.floor(Math.random() * EVENTS)) : await halfway(query);
        for (let tries = 0; cursor === null && tries < 20; tries++) cursor = await halfway((query = await make()));
        if (cursor === null) throw new Error(`readLog found nothing for ${JSON.stringify(query)}: the seed's mix is wrong`);
        let started = performance.now();
        const page = await store.readLog({ ...query, limit: 50 });
        const firstMs = performance.now() - started;
        started = performance.now();
        await store.readLog({ ...query, limit: 50, after: cursor });
        const deepMs = performance.now() - started;
        if (i < 5) continue; // warm-up
        first.push(firstMs);
        deep.push(deepMs);
        sizes.push(page.events.length);
      }
      const p99 = Math.max(percentile(first, 99), percentile(deep, 99));
      results.push({
        name: `readLog by ${name} over ${EVENTS.toLocaleString('en-US')} events (PostgreSQL)`,
        subject:
          name === 'nothing (the whole log)'
            ? `${SAMPLES} times: the first page of 50, newest first, and the page of 50 after a random position`
            : `${SAMPLES} random ${name === 'time range' ? 'one-day windows' : 'members'}: the first page of 50, newest first, and the page of 50 after a cursor halfway into the result`,
        baseline: 'none (an absolute latency target)',
        subjectValue: p99,
        baselineValue: percentile(first, 50),
        unit: 'ms (p99 of both pages; the baseline column shows the first page p50)',
        ratio: 1,
        target: `p99 <= ${TARGET_MS} ms`,
        pass: p99 <= TARGET_MS,
        notes: `first page p50 ${percentile(first, 50).toFixed(1)} ms, p99 ${percentile(first, 99).toFixed(1)} ms; deep page p50 ${percentile(deep, 50).toFixed(1)} ms, p99 ${percentile(deep, 99).toFixed(1)} ms; first pages held ${Math.min(...sizes)}-${Math.max(...sizes)} events; seed ${(seedMs / 1000).toFixed(0)} s, index build (the backfill) ${(indexMs / 1000).toFixed(0)} s`,
      });
    }
    return results;
  } finally {
    await store.close();
    await db.close();
    await database.drop();
  }
};
