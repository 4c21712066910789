// The balances read model's table: available and held points per member.
import { defineTable, int4, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const balancesTable = defineTable({
  name: 'balances',
  key: ['member_id'],
  columns: {
    member_id: text(),
    available_points: int4(),
    held_points: int4(),
    /** occurredAt of the last ledger event for this member (never the wall clock). */
    updated_at: timestamptz(),
  },
  // A batch writes each member's change; the database adds it to the stored balance.
  add: ['available_points', 'held_points'],
});

export type BalanceRow = RowOfTable<typeof balancesTable>;
export type BalancesDb = DatabaseOf<{ balances: typeof balancesTable }>;
