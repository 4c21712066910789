// The ledger audit (issue 33 point 3) on PostgreSQL: a full audit of 100,000 members and 1,000,000 ledger
// events in <= 60 s, its progress seen moving; and the check after every batch, its cost per small batch.
// The log is seeded server-side, one INSERT ... SELECT per 50,000 events straight into `events` (as
// bench/read-log.ts seeds): ten events per member, interleaved across members in log order (event k of
// every member, then event k + 1), a real economy: a welcome bonus, a hold refunded, two holds adjudicated
// to a neighbour, who receives them, and a hold left active. The balances read model is then built by its
// own projector (the runtime's rebuild), so the audit compares the projector's rows with the domain's fold.
// The check after every batch folds the whole log first (its catch-up, timed: a new deployment's cost),
// then each small batch (a correction, or a hold and its refund) is timed alone once the read model shows it.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { checkBatch, readCheckState } from '../api/ledger-audit/continuous-check.js';
import { createLedgerAudit } from '../api/ledger-audit/create-ledger-audit.js';
import type { StoredFinding } from '../api/ledger-audit/findings.js';
import { migrateLedgerAudit } from '../api/ledger-audit/tables.js';
import { openSqlDatabase } from '../eventstore/sql-database.js';
import { createSqlEventStore } from '../eventstore/sql-event-store.js';
import type { Checkpoint, EventToAppend } from '../eventstore/types.js';
import { balancesProjector } from '../projections/balances/projector.js';
import { membersProjector } from '../projections/members/projector.js';
import { rebuildProjector } from '../projections/rebuild/rebuild-projector.js';
import { migrateProjector } from '../projections/runtime/migrate.js';
import { createProjectionRuntime } from '../projections/runtime/projection-runtime.js';
import type { BenchResult } from './support.js';
import { fmt, freshDatabase, percentile } from './support.js';

const MEMBERS = Number(process.env.BENCH_LEDGER_AUDIT_MEMBERS ?? 100_000);
const PER_MEMBER = 10;
const EVENTS = MEMBERS * PER_MEMBER;
const SEED_BATCH = 50_000;
const SMALL_BATCHES = Number(process.env.BENCH_LEDGER_AUDIT_BATCHES ?? 300);
const TARGET_MS = 60_000;
const BATCH_TARGET_MS = 5;
/** The projection runtime's batch while it follows the log. */
const FOLLOWER_BATCH = 1000;

const member = (m: string) => `md5('m' || (${m}))::uuid::text`;
const holdId = (m: string, j: number) => `md5('h' || (${m}) || '-' || ${j})::uuid::text`;

// Event k of member m is row i = k * MEMBERS + m: a receipt (k 5, 8) comes after the adjudication it closes (k 4, 7).
const seedBatch = (from: number, to: number) =>
  sql.raw(`
insert into events (stream_id, stream_position, event_id, type, data, metadata, created_at)
select 'ledger-' || ${member('x.m')}, x.k, md5('e' || x.i)::uuid,
  (array['PointsGranted', 'PointsHeld', 'HoldRefunded', 'PointsHeld', 'HoldAdjudicated', 'PointsReceived', 'PointsHeld', 'HoldAdjudicated', 'PointsReceived', 'PointsHeld'])[x.k + 1],
  case x.k
    when 0 then jsonb_build_object('memberId', ${member('x.m')}, 'transactionId', md5('t' || x.i), 'amount', 3, 'reason', 'welcome', 'description', 'Welcome bonus')
    when 1 then jsonb_build_object('memberId', ${member('x.m')}, 'holdId', ${holdId('x.m', 0)}, 'sessionId', ${holdId('x.m', 0)}, 'amount', 1, 'description', 'Held')
    when 2 then jsonb_build_object('memberId', ${member('x.m')}, 'holdId', ${holdId('x.m', 0)}, 'sessionId', ${holdId('x.m', 0)}, 'amount', 1, 'reason', 'rejected', 'description', 'Refund')
    when 3 then jsonb_build_object('memberId', ${member('x.m')}, 'holdId', ${holdId('x.m', 1)}, 'sessionId', ${holdId('x.m', 1)}, 'amount', 1, 'description', 'Held')
    when 4 then jsonb_build_object('memberId', ${member('x.m')}, 'holdId', ${holdId('x.m', 1)}, 'sessionId', ${holdId('x.m', 1)}, 'amount', 1,
      'mentorId', ${member(`(x.m + 1) % ${MEMBERS}`)}, 'description', 'Paid')
    when 5 then jsonb_build_object('memberId', ${member('x.m')}, 'transactionId', md5('t' || x.i), 'holdId', ${holdId(`(x.m + ${MEMBERS - 1}) % ${MEMBERS}`, 1)},
      'sessionId', ${holdId(`(x.m + ${MEMBERS - 1}) % ${MEMBERS}`, 1)}, 'amount', 1, 'fromMemberId', ${member(`(x.m + ${MEMBERS - 1}) % ${MEMBERS}`)}, 'description', 'Received')
    when 6 then jsonb_build_object('memberId', ${member('x.m')}, 'holdId', ${holdId('x.m', 2)}, 'sessionId', ${holdId('x.m', 2)}, 'amount', 2, 'description', 'Held')
    when 7 then jsonb_build_object('memberId', ${member('x.m')}, 'holdId', ${holdId('x.m', 2)}, 'sessionId', ${holdId('x.m', 2)}, 'amount', 2,
      'mentorId', ${member(`(x.m + 7) % ${MEMBERS}`)}, 'description', 'Paid')
    when 8 then jsonb_build_object('memberId', ${member('x.m')}, 'transactionId', md5('t' || x.i), 'holdId', ${holdId(`(x.m + ${MEMBERS - 7}) % ${MEMBERS}`, 2)},
      'sessionId', ${holdId(`(x.m + ${MEMBERS - 7}) % ${MEMBERS}`, 2)}, 'amount', 2, 'fromMemberId', ${member(`(x.m + ${MEMBERS - 7}) % ${MEMBERS}`)}, 'description', 'Received')
    else jsonb_build_object('memberId', ${member('x.m')}, 'holdId', ${holdId('x.m', 3)}, 'sessionId', ${holdId('x.m', 3)}, 'amount', 1, 'description', 'Held')
  end,
  jsonb_build_object('eventId', md5('e' || x.i)::uuid, 'occurredAt', to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'actorId', null,
    'correlationId', md5('c' || x.i)::uuid, 'causationId', null, 'schemaVersion', 1),
  x.at
from (
  select i, i / ${MEMBERS} as k, i % ${MEMBERS} as m, timestamptz '2026-01-01T00:00:00Z' + i * interval '20 milliseconds' as at
  from generate_series(${from}::bigint, ${to - 1}::bigint) as i
) x
order by x.i`);

const event = (type: string, data: Record<string, unknown>): EventToAppend => ({
  type,
  data,
  metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
});

/** The id `member(m)` makes in SQL. */
const memberIdOf = (m: number) => {
  const hex = createHash('md5').update(`m${m}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const benchLedgerAudit = async (): Promise<BenchResult[]> => {
  const database = await freshDatabase('ledger_audit');
  const db = await openSqlDatabase<unknown>({ url: database.url, poolSize: 6 });
  const store = await createSqlEventStore(db, { logKeys: 'manual' });
  const log = (line: string) => console.error(`  ${line}`);
  try {
    let started = performance.now();
    for (let from = 0; from < EVENTS; from += SEED_BATCH) await seedBatch(from, Math.min(EVENTS, from + SEED_BATCH)).execute(db.handle);
    await sql`vacuum analyze events`.execute(db.handle);
    log(`seeded ${fmt(EVENTS)} ledger events of ${fmt(MEMBERS)} members in ${fmt((performance.now() - started) / 1000, 1)} s`);
    started = performance.now();
    const built = await rebuildProjector({ sql: db, store, projector: balancesProjector, batchSize: 10_000 });
    if (built.status !== 'swapped') throw new Error(`the balances read model was not built: ${JSON.stringify(built)}`);
    await sql`vacuum analyze balances`.execute(db.handle);
    log(`balances read model built by its projector in ${fmt((performance.now() - started) / 1000, 1)} s`);
    await migrateLedgerAudit(db.handle);
    // The findings name their members from the members read model (empty here: the seed registered nobody).
    await migrateProjector(db.handle, membersProjector, 'public');

    // The full audit, as POST /api/admin/audit/ledger/run starts it; its progress read as the page reads it.
    const found: StoredFinding[] = [];
    const audit = createLedgerAudit({
      sql: db,
      store,
      clock: () => new Date(),
      schedule: { kind: 'off' },
      errors: { ledgerAudit: () => {} },
      onError: (error, what) => log(`${what}: ${String(error)}`),
    });
    started = performance.now();
    const run = await audit.run('bench');
    const seen: number[] = [];
    const settled = audit.settled();
    for (let ended = false; !ended;) {
      ended = await Promise.race([settled.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 500))]);
      const now = (await audit.status()).run!;
      if (now.id === run.id && now.state === 'running') seen.push(now.progress.done);
    }
    const auditMs = performance.now() - started;
    const { run: finished, findings } = await audit.status();
    if (finished?.id !== run.id || finished.state !== 'finished') throw new Error(`the full audit did not finish: ${JSON.stringify(finished)}`);
    const moving = seen.filter((done, k) => k === 0 || done > seen[k - 1]!).length;
    log(`full audit in ${fmt(auditMs / 1000, 1)} s: ${fmt(finished.membersChecked)} members, ${finished.findings} findings, progress seen ${seen.join(' -> ')}`);
    await audit.stop();

    // The check after every batch: its catch-up over the whole log, then small batches timed alone.
    const runtime = createProjectionRuntime({ sql: db, store, projectors: [balancesProjector], logger: { info: () => {}, warn: () => {}, error: () => {} } });
    await runtime.start();
    const deps = { db: db.handle, store, clock: () => new Date(), onFindings: (f: StoredFinding[]) => found.push(...f) };
    started = performance.now();
    let after: Checkpoint | null = null;
    for (;;) {
      const batch = await store.readAll({ after, limit: FOLLOWER_BATCH });
      if (batch.length === 0) break;
      await checkBatch(deps, batch);
      after = batch.at(-1)!.checkpoint;
    }
    const catchUpMs = performance.now() - started;
    // The catch-up rewrote every member's row ten times: its dead rows are vacuumed before the steady state is timed.
    for (const table of ['ledger_audit_members', 'ledger_audit_holds', 'ledger_audit_transfers', 'ledger_audit_state'])
      await sql`vacuum analyze ${sql.table(table)}`.execute(db.handle);
    await sql`checkpoint`.execute(db.handle);
    const state = await readCheckState(db.handle);
    log(
      `the check after every batch caught up on ${fmt(EVENTS)} events in ${fmt(catchUpMs / 1000, 1)} s (${fmt(EVENTS / (catchUpMs / 1000))} events/s); totals ${JSON.stringify(state.totals)}`,
    );
    const batchMs: number[] = [];
    for (let n = 0; n < SMALL_BATCHES + 20; n++) {
      const memberId = memberIdOf(Math.floor(Math.random() * MEMBERS));
      const hold = randomUUID();
      const appended =
        n % 2 === 0
          ? await store.append(`ledger-${memberId}`, [
              event('PointsGranted', { memberId, transactionId: randomUUID(), amount: 1, reason: 'correction', description: 'Bench' }),
            ])
          : await store.append(`ledger-${memberId}`, [
              event('PointsHeld', { memberId, holdId: hold, sessionId: hold, amount: 1, description: 'Held' }),
              event('HoldRefunded', { memberId, holdId: hold, sessionId: hold, amount: 1, reason: 'rejected', description: 'Refund' }),
            ]);
      await runtime.waitFor(appended.checkpoint, 10_000);
      const batch = await store.readAll({ after, limit: FOLLOWER_BATCH });
      after = batch.at(-1)!.checkpoint;
      const t = performance.now();
      await checkBatch(deps, batch);
      if (n >= 20) batchMs.push(performance.now() - t);
    }
    await runtime.stop();
    const p50 = percentile(batchMs, 50);
    const p99 = percentile(batchMs, 99);
    log(`a small batch checked in p50 ${fmt(p50, 2)} ms, p99 ${fmt(p99, 2)} ms (${batchMs.length} batches); findings ${found.length}`);
    if (found.length > 0) throw new Error(`the check after every batch found ${JSON.stringify(found.slice(0, 3))}`);

    return [
      {
        name: `full ledger audit of ${fmt(MEMBERS)} members and ${fmt(EVENTS)} ledger events (PostgreSQL)`,
        subject: 'POST .../run to its end: the read model snapshot, every ledger folded from the log by evolveLedger, every member compared',
        baseline: 'none (an absolute target)',
        subjectValue: auditMs,
        baselineValue: 0,
        unit: 'ms',
        ratio: 1,
        target: `<= ${fmt(TARGET_MS)} ms, no finding, progress seen moving`,
        pass: auditMs <= TARGET_MS && finished.findings === 0 && findings.length === 0 && moving >= 3,
        notes: `progress read every 500 ms: ${seen.join(', ')} of ${fmt(finished.progress.total)}`,
      },
      {
        name: `the check after every batch, a small batch (1-2 events) beside ${fmt(MEMBERS)} members' folds (PostgreSQL)`,
        subject: `${batchMs.length} batches, each timed alone once the balances read model shows it; p99 (p50 in the baseline column)`,
        baseline: 'none (an absolute target)',
        subjectValue: p99,
        baselineValue: p50,
        unit: 'ms (p99; the baseline column shows p50)',
        ratio: 1,
        target: `p50 <= ${BATCH_TARGET_MS} ms`,
        pass: p50 <= BATCH_TARGET_MS,
        notes: `its catch-up over the seeded log: ${fmt(catchUpMs / 1000, 1)} s in batches of ${FOLLOWER_BATCH}`,
      },
    ];
  } finally {
    await store.close();
    await db.close();
    await database.drop();
  }
};
