import { describe, expect, it } from 'vitest';
import { memberChanged } from '../change-notices.js';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { balancesProjector } from './projector.js';
import { getBalance } from './queries.js';

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

const distinct = <T>(items: readonly T[]) => [...new Map(items.map((item) => [JSON.stringify(item), item])).values()];

describe.each(testTargets())('balances read model on $kind', (target) => {
  const spec = projectionSpec(target, balancesProjector);

  it('keeps held points apart until a hold is refunded or paid to the mentor', () =>
    spec.given(sessionLedger()).then(async (db, { notices, noticesPerBatch }) => {
      expect(await getBalance(db, 'stu')).toEqual({ availablePoints: 1, heldPoints: 0 });
      expect(await getBalance(db, 'men')).toEqual({ availablePoints: 4, heldPoints: 0 });
      // Each batch tells each member whose balance it changed once.
      for (const batch of noticesPerBatch) expect(batch).toEqual(distinct(batch));
      expect(distinct(notices)).toEqual([memberChanged('stu', 'balance'), memberChanged('men', 'balance')]);
    }));

  it('shows an active hold as held points', () =>
    spec
      .given([
        ...sessionLedger(),
        {
          streamId: 'ledger-stu',
          type: 'PointsHeld',
          data: { memberId: 'stu', holdId: 'h3', sessionId: 's3', amount: 1, description: 'Held' },
          at: '2026-01-05T00:00:00Z',
        },
      ])
      .then(async (db) => {
        expect(await getBalance(db, 'stu')).toEqual({ availablePoints: 0, heldPoints: 1 });
      }));

  it('returns null for a member without ledger events', () =>
    spec.given(sessionLedger()).then(async (db) => {
      expect(await getBalance(db, 'nobody')).toBeNull();
    }));

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or one at a time', () =>
    spec.given(sessionLedger()).then(async (db) => {
      expect((await dumpTables(db, [balancesProjector])).balances).toHaveLength(2);
    }));
});
