// The balances read model: available and held points per member.
import type { Kysely } from 'kysely';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { evolvePoints, type Points } from './evolve.js';
import { balancesMigrations } from './migrations.js';

export const ledgerEventTypes = [
  'PointsGranted',
  'PointsHeld',
  'HoldRefunded',
  'HoldAdjudicated',
  'PointsReceived',
] as const satisfies readonly LedgerEvent['type'][];

const columns: readonly ColumnSpec[] = [
  { name: 'member_id', type: 'text' },
  { name: 'available_points', type: 'int4' },
  { name: 'held_points', type: 'int4' },
  { name: 'updated_at', type: 'timestamptz' },
];

export const balancesProjector: Projector = {
  name: 'balances',
  version: 1,
  tables: ['balances'],
  migrations: balancesMigrations,
  handles: ledgerEventTypes,
  writesInOneStatement: true,
  // Points move linearly (evolvePoints), so a batch writes each member's change and the database adds it
  // to the stored balance: no read of the rows first.
  async apply(db: Kysely<any>, events: RecordedEvent[]): Promise<ChangeNotice[]> {
    const changed = new Map<string, { points: Points; updatedAt: string }>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as LedgerEvent;
      const id = event.data.memberId;
      const before = changed.get(id)?.points ?? { available: 0, held: 0 };
      changed.set(id, { points: evolvePoints(before, event), updatedAt: recorded.metadata.occurredAt });
    }
    const rows = [...changed].map(([memberId, { points, updatedAt }]) => ({
      member_id: memberId,
      available_points: points.available,
      held_points: points.held,
      updated_at: updatedAt,
    }));
    await writeRows(db, 'balances', columns, rows, { key: ['member_id'], onConflict: 'update', add: ['available_points', 'held_points'] });
    return [...changed.keys()].map((id) => ({ scope: 'user', id }));
  },
};
