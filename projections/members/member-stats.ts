// Figures from sessions and reviews (rating, reviewCount, completedSwaps, streak) live in the
// member-stats read model; member queries join them here. `now` matters for the streak (it lapses
// after a day without a session), so callers pass their injected clock.
import type { Kysely } from 'kysely';
import { loadMemberStats as loadFromMemberStats } from '../member-stats/queries.js';
import type { ReadModelsDb } from '../read-models.js';

export interface MemberStats {
  rating: number;
  reviewCount: number;
  completedSwaps: number;
  streak: number;
}

export const emptyMemberStats: MemberStats = Object.freeze({ rating: 0, reviewCount: 0, completedSwaps: 0, streak: 0 });

const UNDEFINED_TABLE = '42P01';

/**
 * Read models are independent: a database that runs the members model without member-stats (tools,
 * tests of one model) shows zeros rather than failing. Any other error is a real failure.
 */
export const loadMemberStats = async (db: Kysely<ReadModelsDb>, memberIds: readonly string[], now?: string): Promise<Map<string, MemberStats>> => {
  try {
    return await loadFromMemberStats(db, memberIds, now);
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return new Map();
    throw error;
  }
};
