// The skill-likes read model: who likes which skill, one row per current like.
import { sql, type Kysely } from 'kysely';
import { skillLikeEventTypes, type SkillLikeEvent } from '../../domain/skill-like/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { skillLikesMigrations } from './migrations.js';

export interface SkillLikeRow {
  skill_id: string;
  member_id: string;
  /** The mentor who teaches the skill. */
  owner_id: string;
  /** When the current like began (a like repeated without an unlike keeps the first). */
  liked_at: Date | string;
}

const columns: readonly ColumnSpec[] = [
  { name: 'skill_id', type: 'text' },
  { name: 'member_id', type: 'text' },
  { name: 'owner_id', type: 'text' },
  { name: 'liked_at', type: 'timestamptz' },
];

interface KeyState {
  /** An unlike in this batch: the stored row, if any, ends. */
  unliked: boolean;
  like: SkillLikeRow | null;
}

export const skillLikesProjector: Projector = {
  name: 'skill-likes',
  version: 1,
  tables: ['skill_likes'],
  migrations: skillLikesMigrations,
  handles: skillLikeEventTypes,
  async apply(db: Kysely<any>, events: RecordedEvent[]): Promise<ChangeNotice[]> {
    const keys = new Map<string, KeyState>();
    const notices: ChangeNotice[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as SkillLikeEvent;
      const { skillId, memberId, ownerId } = event.data;
      const key = `${skillId}\u0000${memberId}`;
      const state = keys.get(key) ?? { unliked: false, like: null };
      if (event.type === 'SkillUnliked') keys.set(key, { unliked: true, like: null });
      else if (!state.like) keys.set(key, { ...state, like: { skill_id: skillId, member_id: memberId, owner_id: ownerId, liked_at: recorded.metadata.occurredAt } });
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
    const likes = [...keys.values()].flatMap((s) => (s.like ? [s.like] : []));
    await writeRows(db, 'skill_likes', columns, likes as unknown as Record<string, unknown>[], { key: ['skill_id', 'member_id'], onConflict: 'nothing' });
    return notices;
  },
};
