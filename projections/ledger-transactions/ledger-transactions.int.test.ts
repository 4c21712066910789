import { describe, expect, it } from 'vitest';
import { memberChanged } from '../change-notices.js';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { ledgerTransactionsProjector } from './projector.js';
import { listTransactions } from './queries.js';

const history = (): RecordedEvent[] => {
  const log = createEventLog();
  const ledger = (id: string, event: LedgerEvent, at: string) => log.record(`ledger-${id}`, event, at);
  ledger(
    'stu',
    { type: 'PointsGranted', data: { memberId: 'stu', transactionId: 'g1', amount: 3, reason: 'welcome', description: 'Welcome bonus' } },
    '2026-01-01T00:00:00.000Z',
  );
  ledger(
    'stu',
    { type: 'PointsHeld', data: { memberId: 'stu', holdId: 'h1', sessionId: 's1', amount: 2, description: 'Held for TypeScript' } },
    '2026-01-02T00:00:00.000Z',
  );
  ledger(
    'stu',
    { type: 'HoldRefunded', data: { memberId: 'stu', holdId: 'h1', sessionId: 's1', amount: 2, reason: 'declined', description: 'Refund: declined' } },
    '2026-01-02T00:00:00.000Z',
  );
  ledger('stu', { type: 'PointsHeld', data: { memberId: 'stu', holdId: 'h2', sessionId: 's2', amount: 1, description: 'Held for SQL' } }, '2026-01-03T00:00:00.000Z');
  ledger(
    'stu',
    { type: 'HoldAdjudicated', data: { memberId: 'stu', holdId: 'h2', sessionId: 's2', amount: 1, mentorId: 'men', description: 'Paid to men' } },
    '2026-01-04T00:00:00.000Z',
  );
  ledger(
    'men',
    { type: 'PointsReceived', data: { memberId: 'men', transactionId: 'r1', holdId: 'h2', sessionId: 's2', amount: 1, fromMemberId: 'stu', description: 'From stu' } },
    '2026-01-04T00:00:00.000Z',
  );
  ledger(
    'stu',
    { type: 'PointsGranted', data: { memberId: 'stu', transactionId: 'c1', amount: -1, reason: 'correction', description: 'Correction' } },
    '2026-01-05T00:00:00.000Z',
  );
  return log.events;
};

const distinct = <T>(items: readonly T[]) => [...new Map(items.map((item) => [JSON.stringify(item), item])).values()];

describe.each(testTargets())('ledger-transactions read model on $kind', (target) => {
  const spec = projectionSpec(target, ledgerTransactionsProjector);

  it("lists a member's points history newest first, ties in log order reversed", () =>
    spec.given(history()).then(async (db) => {
      const rows = await listTransactions(db, 'stu');
      expect(rows.map((t) => [t.type, t.amount, t.swap_id])).toEqual([
        ['correction', -1, null],
        ['transfer_out', -1, 's2'],
        ['hold', -1, 's2'],
        ['refund', 2, 's1'],
        ['hold', -2, 's1'],
        ['welcome', 3, null],
      ]);
    }));

  it('records the welcome bonus as +3 described as a welcome bonus', () =>
    spec.given(history()).then(async (db) => {
      const rows = await listTransactions(db, 'stu');
      expect(rows.at(-1)).toEqual({
        id: 'evt-1',
        user_id: 'stu',
        type: 'welcome',
        amount: 3,
        description: 'Welcome bonus',
        created_at: '2026-01-01T00:00:00.000Z',
        swap_id: null,
      });
    }));

  it('announces each member whose history grew, as a change to their ledger', () =>
    spec.given(history()).then((_, { notices, noticesPerBatch }) => {
      // Once per batch each.
      for (const batch of noticesPerBatch) expect(batch).toEqual(distinct(batch));
      expect(distinct(notices)).toEqual([memberChanged('stu', 'ledger'), memberChanged('men', 'ledger')]);
    }));

  it("shows the mentor's side of a payment as a transfer in", () =>
    spec.given(history()).then(async (db) => {
      expect(await listTransactions(db, 'men')).toEqual([expect.objectContaining({ type: 'transfer_in', amount: 1, swap_id: 's2', description: 'From stu' })]);
    }));

  it('ignores an event it has already recorded', async () => {
    const events = history();
    await spec.given(events).apply();
    // The same two events again (a batch the runtime applies twice after a crash before its checkpoint).
    await ledgerTransactionsProjector.apply(spec.db, events.slice(0, 2));
    expect(await listTransactions(spec.db, 'stu')).toHaveLength(6);
  });
});
