// The skill-likes read model: who likes which skill, one row per current like. An unlike deletes the
// row; a like after it (in the same batch or a later one) writes it afresh, with its own time.
import { skillLikeEventTypes, type SkillLikeEvent } from '../../domain/skill-like/events.js';
import { memberChanged } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { rowKey } from '../runtime/table.js';
import { skillLikesTable } from './tables.js';

export const skillLikesProjector = defineProjection({
  name: 'skill-likes',
  version: 1,
  migration: '20261123T0930-create-skill-likes',
  tables: { skill_likes: skillLikesTable },
  canHandle: skillLikeEventTypes,
  // Nothing is read: a like repeated without an unlike keeps the stored row (the table's onConflict
  // 'nothing'), and `get` sees the batch's own like.
  evolve(rows, event: Recorded<SkillLikeEvent>) {
    const { skillId, memberId, ownerId } = event.data;
    const key = rowKey(skillId, memberId);
    if (event.type === 'SkillUnliked') rows.skill_likes.delete(key);
    else if (!rows.skill_likes.get(key)) rows.skill_likes.put({ skill_id: skillId, member_id: memberId, owner_id: ownerId, liked_at: event.metadata.occurredAt });
    return [memberChanged(ownerId, 'likes'), memberChanged(memberId, 'likes')];
  },
});
