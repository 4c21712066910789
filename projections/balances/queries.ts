// Queries of the balances read model.
import type { Kysely } from 'kysely';
import type { ReadModelsDb } from '../read-models.js';
import type { Balance } from '../../api/contracts/members.js';

/** The Balance shape of api/contracts/members.ts. */
export type BalanceView = Balance;

/** null when the member has no ledger events yet. */
export const getBalance = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<BalanceView | null> => {
  const row = await db.selectFrom('balances').select(['available_points', 'held_points']).where('member_id', '=', memberId).executeTakeFirst();
  return row ? { availablePoints: Number(row.available_points), heldPoints: Number(row.held_points) } : null;
};
