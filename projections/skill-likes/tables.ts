// The skill-likes read model's table: who likes which skill, one row per current like.
import { defineTable, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const skillLikesTable = defineTable({
  name: 'skill_likes',
  key: ['skill_id', 'member_id'],
  columns: {
    skill_id: text(),
    member_id: text(),
    /** The mentor who teaches the skill. */
    owner_id: text(),
    /** When the current like began (a like repeated without an unlike keeps the first). */
    liked_at: timestamptz(),
  },
  onConflict: 'nothing',
  indexes: { skill_likes_owner_idx: ['owner_id'] },
});

export type SkillLikeRow = RowOfTable<typeof skillLikesTable>;
export type SkillLikesDb = DatabaseOf<{ skill_likes: typeof skillLikesTable }>;
