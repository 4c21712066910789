// The ledger-transactions read model's table: one row per ledger event, a member's points history.
import { defineTable, int4, int8, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export type TransactionType = 'welcome' | 'hold' | 'refund' | 'transfer_in' | 'transfer_out' | 'correction';

export const ledgerTransactionsTable = defineTable({
  name: 'ledger_transactions',
  key: ['id'],
  columns: {
    /** The id of the event that moved the points: stable across rebuilds. */
    id: text(),
    member_id: text(),
    type: text<TransactionType>(),
    /** Signed: see toTransactionRow for the convention. */
    amount: int4(),
    description: text(),
    created_at: timestamptz(),
    /** The session the points moved for; null for grants and corrections. */
    swap_id: text().nullable(),
    /** Global log position: orders entries that share an instant. */
    position: int8(),
  },
  // Keyed by event id: re-applying an event is harmless rather than a duplicate.
  onConflict: 'nothing',
  indexes: { ledger_transactions_member_idx: ['member_id', 'created_at desc', 'position desc'] },
});

export type LedgerTransactionRow = RowOfTable<typeof ledgerTransactionsTable>;
export type LedgerTransactionsDb = DatabaseOf<{ ledger_transactions: typeof ledgerTransactionsTable }>;
