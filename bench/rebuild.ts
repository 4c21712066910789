// (b) Rebuilding the ledger-transactions read model from 100,000 ledger events on PostgreSQL, against a
// baseline of plain multi-row INSERTs of exactly the rows the rebuild produced (same table, same batch size).
// The rebuild also reads the events back from the log; the baseline does not: that is the cost measured.
import { randomUUID } from 'node:crypto';
import { sql as sqlTag, type Kysely } from 'kysely';
import { openSqlDatabase } from '../eventstore/sql-database.js';
import { createSqlEventStore } from '../eventstore/sql-event-store.js';
import type { EventToAppend } from '../eventstore/types.js';
import { ledgerTransactionsProjector } from '../projections/ledger-transactions/projector.js';
import { rebuildProjector } from '../projections/rebuild/rebuild-projector.js';
import { migrateProjector } from '../projections/runtime/migrate.js';
import type { BenchResult } from './support.js';
import { alternate, freshDatabase } from './support.js';
import type { ReadModelsDb } from '../projections/read-models.js';

const MEMBERS = 20_000; // 5 ledger events each = 100,000 events
const BATCH = 5000;

const ledgerEvents = (memberId: string, at: string): EventToAppend[] => {
  const meta = () => ({ eventId: randomUUID(), occurredAt: at, actorId: memberId, correlationId: randomUUID(), causationId: null, schemaVersion: 1 });
  const s1 = randomUUID();
  const s2 = randomUUID();
  return [
    { type: 'PointsGranted', data: { memberId, transactionId: randomUUID(), amount: 3, reason: 'welcome', description: 'Welcome bonus' }, metadata: meta() },
    { type: 'PointsHeld', data: { memberId, holdId: `h-${s1}`, sessionId: s1, amount: 1, description: 'Held for a session' }, metadata: meta() },
    { type: 'HoldRefunded', data: { memberId, holdId: `h-${s1}`, sessionId: s1, amount: 1, reason: 'rejected', description: 'Refund' }, metadata: meta() },
    { type: 'PointsHeld', data: { memberId, holdId: `h-${s2}`, sessionId: s2, amount: 2, description: 'Held for a session' }, metadata: meta() },
    { type: 'HoldAdjudicated', data: { memberId, holdId: `h-${s2}`, sessionId: s2, amount: 2, mentorId: 'mentor', description: 'Paid' }, metadata: meta() },
  ];
};

const copyRows = async (db: Kysely<any>, rows: Record<string, unknown>[]) => {
  for (let i = 0; i < rows.length; i += BATCH) {
    const slice = rows.slice(i, i + BATCH);
    await db.transaction().execute((trx) => trx.withSchema('baseline').insertInto('ledger_transactions').values(slice).execute());
  }
};

export const benchRebuild = async (): Promise<BenchResult> => {
  const database = await freshDatabase('rebuild');
  const sql = await openSqlDatabase<ReadModelsDb>({ url: database.url, poolSize: 8 });
  const store = await createSqlEventStore(sql);
  try {
    const seedStart = performance.now();
    const at = new Date('2026-11-02T10:00:00Z').toISOString();
    for (let i = 0; i < MEMBERS; i += 400) {
      await Promise.all(
        Array.from({ length: Math.min(400, MEMBERS - i) }, (_, k) => store.append(`ledger-m${i + k}`, ledgerEvents(`m${i + k}`, at), { expectedRevision: 'no_stream' })),
      );
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const events = MEMBERS * 5;

    const subject = async () => {
      const outcome = await rebuildProjector({ sql, store, projector: ledgerTransactionsProjector, batchSize: BATCH });
      if (outcome.status !== 'swapped' || outcome.events !== events) throw new Error(`rebuild read ${JSON.stringify(outcome)}`);
      return events / (outcome.ms / 1000);
    };
    await subject(); // builds the live table whose rows the baseline copies, and warms both paths
    const rows = await sql.db.selectFrom('ledger_transactions').selectAll().execute();
    if (rows.length !== events) throw new Error(`expected ${events} rows, got ${rows.length}`);
    await sql.db.schema.createSchema('baseline').ifNotExists().execute();
    await migrateProjector(sql.db, ledgerTransactionsProjector, 'baseline');
    const baseline = async () => {
      await sqlTag`truncate baseline.ledger_transactions`.execute(sql.db);
      const started = performance.now();
      await copyRows(sql.db, rows);
      return rows.length / ((performance.now() - started) / 1000);
    };
    const m = await alternate(3, subject, baseline);
    const ratio = m.subject / m.baseline;
    return {
      name: 'Rebuild of 100,000 events (PostgreSQL)',
      subject: 'rebuild of ledger-transactions into a build schema + swap (reads the log)',
      baseline: `multi-row INSERTs of the same 100,000 rows, ${BATCH} per statement`,
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'events/s',
      ratio,
      target: '>= 50% of baseline and >= 20,000 events/s',
      pass: ratio >= 0.5 && m.subject >= 20_000,
      notes: `seeding ${events} events took ${seedSeconds.toFixed(1)} s; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await store.close();
    await sql.close();
    await database.drop();
  }
};
