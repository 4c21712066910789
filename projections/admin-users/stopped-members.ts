// The members who stopped at a step of the journey (issue 31 point 3: a funnel's drop-off a click away,
// opening the inspector): reached the step but not the next, as of the caller's clock, newest to reach it
// first, keyset-paged by (reached time, id) on the step's own index.
import { sql, type Kysely } from 'kysely';
import { decodeStoppedCursor, encodeStoppedCursor, type StoppedPage, type StoppedQuery, type StoppedStep } from '../../api/contracts/admin-stats.js';
import type { ReadModelsDb } from '../read-models.js';
import { toIso } from '../runtime/set-wise.js';

/** Each step's column and the next step's (the journey's columns of admin_users). */
const columnsOf: Record<
  StoppedStep,
  { reached: 'joined_at' | 'first_taught_at' | 'profile_ready_at'; next: 'first_taught_at' | 'profile_ready_at' | 'journey_booked_at' }
> = {
  signedUp: { reached: 'joined_at', next: 'first_taught_at' },
  addedSkills: { reached: 'first_taught_at', next: 'profile_ready_at' },
  profileReady: { reached: 'profile_ready_at', next: 'journey_booked_at' },
};

export const listStoppedMembers = async (db: Kysely<ReadModelsDb>, query: StoppedQuery, now: string): Promise<StoppedPage> => {
  const { reached, next } = columnsOf[query.step];
  const after = query.cursor ? decodeStoppedCursor(query.cursor) : null;
  let select = db
    .selectFrom('admin_users')
    .select(['member_id', 'name', 'email', 'joined_at', sql<Date | string>`${sql.ref(reached)}`.as('reached_at')])
    .where(reached, '<=', now)
    .where((eb) => eb.or([eb(next, 'is', null), eb(next, '>', now)]));
  if (after) select = select.where(sql<boolean>`(${sql.ref(reached)}, member_id) < (${after.reachedAt}::timestamptz, ${after.id})`);
  const rows = await select
    .orderBy(reached, 'desc')
    .orderBy('member_id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    step: query.step,
    members: page.map((row) => ({ id: row.member_id, name: row.name, email: row.email, joinedDate: toIso(row.joined_at), reachedAt: toIso(row.reached_at) })),
    next_cursor: rows.length > query.limit && last ? encodeStoppedCursor(toIso(last.reached_at), last.member_id) : null,
  };
};
