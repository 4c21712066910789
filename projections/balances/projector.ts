// The balances read model: available and held points per member.
import type { LedgerEvent } from '../../domain/ledger/events.js';
import { memberChanged } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { evolvePoints } from './evolve.js';
import { balancesTable } from './tables.js';

export const ledgerEventTypes = ['PointsGranted', 'PointsHeld', 'HoldRefunded', 'HoldAdjudicated', 'PointsReceived'] as const satisfies readonly LedgerEvent['type'][];

// Points move linearly (evolvePoints), so a batch starts each member from zero, reads nothing, and
// writes the change, which the table adds to the stored balance.
export const balancesProjector = defineProjection({
  name: 'balances',
  version: 1,
  migration: '20261122T0910-create-balances',
  tables: { balances: balancesTable },
  canHandle: ledgerEventTypes,
  evolve(rows, event: Recorded<LedgerEvent>) {
    const id = event.data.memberId;
    const before = rows.balances.get(id);
    const points = evolvePoints({ available: before?.available_points ?? 0, held: before?.held_points ?? 0 }, event);
    rows.balances.put({ member_id: id, available_points: points.available, held_points: points.held, updated_at: event.metadata.occurredAt });
    return [memberChanged(id, 'balance')];
  },
});
