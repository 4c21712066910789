// Queries of the ledger-transactions read model, in the Transaction shape of api/contracts/members.ts.
import type { Kysely } from 'kysely';
import { toIso } from '../runtime/set-wise.js';
import type { LedgerTransactionRow } from './tables.js';
import type { ReadModelsDb } from '../read-models.js';
import type { Transaction } from '../../api/contracts/members.js';

/** The Transaction shape of api/contracts/members.ts. */
export type TransactionView = Transaction;

export const toTransaction = (row: LedgerTransactionRow): TransactionView => ({
  id: row.id,
  user_id: row.member_id,
  type: row.type,
  amount: Number(row.amount),
  description: row.description,
  created_at: toIso(row.created_at),
  swap_id: row.swap_id,
});

/** A member's points history, newest first. */
export const listTransactions = async (db: Kysely<ReadModelsDb>, memberId: string, options: { limit?: number } = {}): Promise<TransactionView[]> => {
  let query = db.selectFrom('ledger_transactions').selectAll().where('member_id', '=', memberId).orderBy('created_at', 'desc').orderBy('position', 'desc');
  if (options.limit !== undefined) query = query.limit(options.limit);
  const rows = await query.execute();
  return rows.map(toTransaction);
};
