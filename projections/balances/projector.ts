// The balances read model: available and held points per member.
import type { Kysely } from 'kysely';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { loadRowsByKey, writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { evolvePoints, type Points } from './evolve.js';
import { balancesMigrations } from './migrations.js';
import type { BalanceRow } from './tables.js';

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
  async apply(db: Kysely<any>, events: RecordedEvent[]): Promise<ChangeNotice[]> {
    const ledgerEvents = events.map((e) => ({ event: { type: e.type, data: e.data } as LedgerEvent, occurredAt: e.metadata.occurredAt }));
    const stored = await loadRowsByKey<BalanceRow>(db, 'balances', 'member_id', ledgerEvents.map(({ event }) => event.data.memberId));
    const changed = new Map<string, { points: Points; updatedAt: string }>();
    for (const { event, occurredAt } of ledgerEvents) {
      const id = event.data.memberId;
      const row = stored.get(id);
      const before = changed.get(id)?.points ?? (row ? { available: row.available_points, held: row.held_points } : { available: 0, held: 0 });
      changed.set(id, { points: evolvePoints(before, event), updatedAt: occurredAt });
    }
    const rows = [...changed].map(([memberId, { points, updatedAt }]) => ({
      member_id: memberId,
      available_points: points.available,
      held_points: points.held,
      updated_at: updatedAt,
    }));
    await writeRows(db, 'balances', columns, rows, { key: ['member_id'], onConflict: 'update' });
    return [...changed.keys()].map((id) => ({ scope: 'user', id }));
  },
};
