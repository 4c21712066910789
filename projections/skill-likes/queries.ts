// Queries of the skill-likes read model (spec 000 §3 Skill like status).
import { sql, type Kysely } from 'kysely';
import type { ReadModelsDb } from '../read-models.js';
import type { SkillLikeStatus } from '../../api/contracts/dashboard.js';

export type { SkillLikeStatus };

/** Whether `memberId` likes the skill, and how many members do. */
export const skillLikeStatus = async (db: Kysely<ReadModelsDb>, skillId: string, memberId: string | null): Promise<SkillLikeStatus> => {
  const row = await db
    .selectFrom('skill_likes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<boolean>`coalesce(bool_or(member_id = ${memberId ?? ''}), false)`.as('liked')])
    .where('skill_id', '=', skillId)
    .executeTakeFirst();
  return { liked: memberId !== null && Boolean(row?.liked), likesCount: Number(row?.n ?? 0) };
};

/** Like status of many skills at once (search results), keyed by skill id; skills without likes too. */
export const skillLikeStatuses = async (db: Kysely<ReadModelsDb>, skillIds: readonly string[], memberId: string | null): Promise<Map<string, SkillLikeStatus>> => {
  const result = new Map<string, SkillLikeStatus>(skillIds.map((id) => [id, { liked: false, likesCount: 0 }]));
  if (skillIds.length === 0) return result;
  const rows = await db
    .selectFrom('skill_likes')
    .select((eb) => ['skill_id', eb.fn.countAll<number>().as('n'), sql<boolean>`coalesce(bool_or(member_id = ${memberId ?? ''}), false)`.as('liked')])
    .where('skill_id', '=', sql<string>`any(${[...new Set(skillIds)]}::text[])`)
    .groupBy('skill_id')
    .execute();
  for (const row of rows) result.set(row.skill_id as string, { liked: memberId !== null && Boolean(row.liked), likesCount: Number(row.n) });
  return result;
};
