// Row types of the ledger-transactions read model (kysely table types).
export type TransactionType = 'welcome' | 'hold' | 'refund' | 'transfer_in' | 'transfer_out' | 'correction';

export interface LedgerTransactionRow {
  /** The id of the event that moved the points: stable across rebuilds. */
  id: string;
  member_id: string;
  type: TransactionType;
  /** Signed: see toTransactionRow for the convention. */
  amount: number;
  description: string;
  created_at: Date | string;
  /** The session the points moved for; null for grants and corrections. */
  swap_id: string | null;
  /** Global log position: orders entries that share an instant. */
  position: string | number | bigint;
}

export interface LedgerTransactionsTables {
  ledger_transactions: LedgerTransactionRow;
}
