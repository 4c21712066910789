// The skill-likes read model: who likes which skill, one row per current like. An unlike deletes a
// row, and a like after it in the same batch writes it again, so a batch runs as a custom projection
// (in a transaction, the delete before the write).
import { sql } from 'kysely';
import { skillLikeEventTypes, type SkillLikeEvent } from '../../domain/skill-like/events.js';
import { defineCustomProjection, type Recorded } from '../runtime/define-projection.js';
import type { ChangeNotice } from '../types.js';
import { skillLikesTable, type SkillLikeRow } from './tables.js';

interface KeyState {
  /** An unlike in this batch: the stored row, if any, ends. */
  unliked: boolean;
  like: SkillLikeRow | null;
}

export const skillLikesProjector = defineCustomProjection({
  name: 'skill-likes',
  version: 1,
  migration: '20261123T0930-create-skill-likes',
  tables: { skill_likes: skillLikesTable },
  canHandle: skillLikeEventTypes,
  async apply({ db, write }, events: readonly Recorded<SkillLikeEvent>[]) {
    const keys = new Map<string, KeyState>();
    const notices: ChangeNotice[] = [];
    for (const event of events) {
      const { skillId, memberId, ownerId } = event.data;
      const key = `${skillId}\u0000${memberId}`;
      const state = keys.get(key) ?? { unliked: false, like: null };
      if (event.type === 'SkillUnliked') keys.set(key, { unliked: true, like: null });
      else if (!state.like) keys.set(key, { ...state, like: { skill_id: skillId, member_id: memberId, owner_id: ownerId, liked_at: event.metadata.occurredAt } });
      notices.push({ scope: 'user', id: ownerId }, { scope: 'user', id: memberId });
    }
    const ended = [...keys.entries()].filter(([, s]) => s.unliked).map(([key]) => key.split('\u0000') as [string, string]);
    if (ended.length > 0) {
      // Deleted before the batch's likes are written, so an unlike followed by a like starts afresh.
      await db
        .deleteFrom('skill_likes')
        .where(sql<boolean>`(skill_id, member_id) in (select * from unnest(${ended.map((p) => p[0])}::text[], ${ended.map((p) => p[1])}::text[]))`)
        .execute();
    }
    await write(
      'skill_likes',
      [...keys.values()].flatMap((s) => (s.like ? [s.like] : [])),
    );
    return notices;
  },
});
