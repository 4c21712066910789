import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberChanged } from '../change-notices.js';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { migrateProjector } from '../runtime/migrate.js';
import { balancesProjector } from './projector.js';
import { getBalance } from './queries.js';
import type { ReadModelsDb } from '../read-models.js';

const sessionLedger = (): RecordedEvent[] => {
  const log = createEventLog();
  const ledger = (id: string, event: LedgerEvent, at: string) => log.record(`ledger-${id}`, event, at);
  ledger(
    'stu',
    { type: 'PointsGranted', data: { memberId: 'stu', transactionId: 'g1', amount: 3, reason: 'welcome', description: 'Welcome bonus' } },
    '2026-01-01T00:00:00Z',
  );
  ledger(
    'men',
    { type: 'PointsGranted', data: { memberId: 'men', transactionId: 'g2', amount: 3, reason: 'welcome', description: 'Welcome bonus' } },
    '2026-01-01T00:00:01Z',
  );
  ledger('stu', { type: 'PointsHeld', data: { memberId: 'stu', holdId: 'h1', sessionId: 's1', amount: 2, description: 'Held for TypeScript' } }, '2026-01-02T00:00:00Z');
  ledger('stu', { type: 'PointsHeld', data: { memberId: 'stu', holdId: 'h2', sessionId: 's2', amount: 1, description: 'Held for SQL' } }, '2026-01-02T00:01:00Z');
  ledger(
    'stu',
    { type: 'HoldRefunded', data: { memberId: 'stu', holdId: 'h2', sessionId: 's2', amount: 1, reason: 'rejected', description: 'Refund: rejected' } },
    '2026-01-02T00:02:00Z',
  );
  ledger(
    'stu',
    { type: 'HoldAdjudicated', data: { memberId: 'stu', holdId: 'h1', sessionId: 's1', amount: 2, mentorId: 'men', description: 'Paid to men' } },
    '2026-01-03T00:00:00Z',
  );
  ledger(
    'men',
    { type: 'PointsReceived', data: { memberId: 'men', transactionId: 'r1', holdId: 'h1', sessionId: 's1', amount: 2, fromMemberId: 'stu', description: 'From stu' } },
    '2026-01-03T00:00:01Z',
  );
  ledger(
    'men',
    { type: 'PointsGranted', data: { memberId: 'men', transactionId: 'c1', amount: -1, reason: 'correction', description: 'Duplicate payment' } },
    '2026-01-04T00:00:00Z',
  );
  return log.events;
};

describe.each(testTargets())('balances read model on $kind', (target) => {
  let database: TestDatabase;
  let sql: SqlDatabase<ReadModelsDb>;

  beforeAll(async () => {
    database = await target.create();
    sql = await database.open();
  });
  afterAll(async () => {
    await sql?.close();
    await database?.destroy();
  });

  it('keeps held points apart until a hold is refunded or paid to the mentor', async () => {
    await migrateProjector(sql.db, balancesProjector, 'public');
    const notices = await balancesProjector.apply(sql.db, sessionLedger());
    expect(await getBalance(sql.db, 'stu')).toEqual({ availablePoints: 1, heldPoints: 0 });
    expect(await getBalance(sql.db, 'men')).toEqual({ availablePoints: 4, heldPoints: 0 });
    expect(notices).toEqual([memberChanged('stu', 'balance'), memberChanged('men', 'balance')]);
  });

  it('shows an active hold as held points', async () => {
    const log = createEventLog();
    const held = log.record(
      'ledger-stu',
      { type: 'PointsHeld', data: { memberId: 'stu', holdId: 'h3', sessionId: 's3', amount: 1, description: 'Held' } } satisfies LedgerEvent,
      '2026-01-05T00:00:00Z',
    );
    await balancesProjector.apply(sql.db, [held]);
    expect(await getBalance(sql.db, 'stu')).toEqual({ availablePoints: 0, heldPoints: 1 });
  });

  it('returns null for a member without ledger events', async () => {
    expect(await getBalance(sql.db, 'nobody')).toBeNull();
  });

  it('gives the same rows whether events arrive in one batch or one at a time', async () => {
    const events = sessionLedger();
    const one = sql.db.withSchema('one_by_one');
    const all = sql.db.withSchema('all_at_once');
    for (const schema of ['one_by_one', 'all_at_once']) {
      await sql.db.schema.createSchema(schema).execute();
      await migrateProjector(sql.db, balancesProjector, schema);
    }
    for (const event of events) await balancesProjector.apply(one, [event]);
    await balancesProjector.apply(all, events);
    expect(await dumpTables(one, [balancesProjector])).toEqual(await dumpTables(all, [balancesProjector]));
    expect((await dumpTables(all, [balancesProjector])).balances).toHaveLength(2);
  });
});
