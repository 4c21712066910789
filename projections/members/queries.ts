// Queries of the members read model, in the MemberView shape of api/contracts/members.ts (see member-view.ts). Points come from
// the balances read model; figures from sessions come through the member-stats seam.
import { sql, type Kysely } from 'kysely';
import { toIso } from '../runtime/set-wise.js';
import { emptyMemberStats, loadMemberStats, type MemberStats } from './member-stats.js';
import { normalizeEmail } from './evolve.js';
import type { MemberView } from './member-view.js';
import type { MemberRow } from './tables.js';
import type { ReadModelsDb } from '../read-models.js';

type MemberWithBalance = MemberRow & { available_points: number | null; held_points: number | null };

const selectMembers = (db: Kysely<ReadModelsDb>) =>
  db.selectFrom('members as m').leftJoin('balances as b', 'b.member_id', 'm.id').selectAll('m').select(['b.available_points', 'b.held_points']);

export const toMemberView = (row: MemberWithBalance, stats: MemberStats = emptyMemberStats): MemberView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  avatar: row.avatar_url,
  profileImageUrl: row.profile_image_url,
  bio: row.bio,
  location: row.location,
  timeZone: row.time_zone,
  rating: stats.rating,
  reviewCount: stats.reviewCount,
  completedSwaps: stats.completedSwaps,
  joinedDate: toIso(row.joined_at),
  points: Number(row.available_points ?? 0),
  heldPoints: Number(row.held_points ?? 0),
  streak: stats.streak,
  skillsToTeach: row.skills_to_teach,
  skillsToLearn: row.skills_to_learn,
  availability: row.availability,
});

/** `now` (ISO) is the caller's clock, for figures that depend on the day (the streak). */
export interface MemberQueryOptions {
  now?: string;
}

const withStats = async (db: Kysely<ReadModelsDb>, rows: MemberWithBalance[], options: MemberQueryOptions): Promise<MemberView[]> => {
  const stats = await loadMemberStats(
    db,
    rows.map((r) => r.id),
    options.now,
  );
  return rows.map((row) => toMemberView(row, stats.get(row.id)));
};

export const getMember = async (db: Kysely<ReadModelsDb>, id: string, options: MemberQueryOptions = {}): Promise<MemberView | null> => {
  const row = await selectMembers(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [user] = await withStats(db, [row], options);
  return user ?? null;
};

/** Case-insensitive; the earliest registration wins if two members ever share an address. */
export const findMemberByEmail = async (db: Kysely<ReadModelsDb>, email: string, options: MemberQueryOptions = {}): Promise<MemberView | null> => {
  const row = await selectMembers(db).where('m.email_normalized', '=', normalizeEmail(email)).orderBy('m.joined_at').orderBy('m.id').limit(1).executeTakeFirst();
  if (!row) return null;
  const [user] = await withStats(db, [row], options);
  return user ?? null;
};

/** Every member, oldest first. */
export const listMembers = async (db: Kysely<ReadModelsDb>, options: MemberQueryOptions = {}): Promise<MemberView[]> => {
  const rows = await selectMembers(db).orderBy('m.joined_at').orderBy('m.id').execute();
  return withStats(db, rows, options);
};

/** Members by id in one query (for pages that show several people); missing ids are left out. */
export const getMembers = async (db: Kysely<ReadModelsDb>, ids: readonly string[], options: MemberQueryOptions = {}): Promise<MemberView[]> => {
  if (ids.length === 0) return [];
  const rows = await selectMembers(db)
    .where('m.id', '=', sql<string>`any(${[...new Set(ids)]}::text[])`)
    .orderBy('m.joined_at')
    .orderBy('m.id')
    .execute();
  return withStats(db, rows, options);
};

/** Members' names by id in one query (an admin's list of the other sides of transfers); missing ids are left out. */
export const getMemberNames = async (db: Kysely<ReadModelsDb>, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'name'])
    .where('id', '=', sql<string>`any(${[...new Set(ids)]}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
};
