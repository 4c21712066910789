// Queries of the balances read model.
import type { Kysely } from 'kysely';

/** The Balance shape of api/contracts/members.ts (restated: projections do not import api/). */
export interface BalanceView {
  availablePoints: number;
  heldPoints: number;
}

/** null when the member has no ledger events yet. */
export const getBalance = async (db: Kysely<any>, memberId: string): Promise<BalanceView | null> => {
  const row = await db
    .selectFrom('balances')
    .select(['available_points', 'held_points'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? { availablePoints: Number(row.available_points), heldPoints: Number(row.held_points) } : null;
};
