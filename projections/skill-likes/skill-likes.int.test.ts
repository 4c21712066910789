import { describe, expect, it } from 'vitest';
import { memberChanged } from '../change-notices.js';
import { isChange } from '../../api/contracts/live.js';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { skillLikesProjector } from './projector.js';
import { skillLikeStatus, skillLikeStatuses } from './queries.js';

const history = (): RecordedEvent[] => {
  const log = createEventLog();
  const like = (type: SkillLikeEvent['type'], skillId: string, memberId: string, at: string) =>
    log.record(`skill-likes-${skillId}`, { type, data: { skillId, ownerId: 'mia', memberId } } satisfies SkillLikeEvent, at);
  like('SkillLiked', 'react', 'sam', '2026-03-01T09:00:00.000Z');
  like('SkillLiked', 'react', 'bob', '2026-03-01T09:01:00.000Z');
  like('SkillLiked', 'sql', 'sam', '2026-03-01T09:02:00.000Z');
  like('SkillUnliked', 'sql', 'sam', '2026-03-01T09:03:00.000Z');
  like('SkillLiked', 'react', 'cat', '2026-03-01T09:04:00.000Z');
  like('SkillUnliked', 'react', 'bob', '2026-03-01T09:05:00.000Z');
  like('SkillLiked', 'react', 'bob', '2026-03-01T09:06:00.000Z'); // liked again: the like starts anew
  like('SkillUnliked', 'react', 'cat', '2026-03-01T09:07:00.000Z');
  return log.events;
};

describe.each(testTargets())('skill-likes read model on $kind', (target) => {
  const spec = projectionSpec(target, skillLikesProjector);

  it('counts the likes of a skill and tells whether I like it', () =>
    spec.given(history()).then(async (db) => {
      expect(await skillLikeStatus(db, 'react', 'sam')).toEqual({ liked: true, likesCount: 2 });
      expect(await skillLikeStatus(db, 'react', 'cat')).toEqual({ liked: false, likesCount: 2 });
      expect(await skillLikeStatus(db, 'react', null)).toEqual({ liked: false, likesCount: 2 });
      expect(await skillLikeStatus(db, 'sql', 'sam')).toEqual({ liked: false, likesCount: 0 });
      expect(await skillLikeStatus(db, 'unknown', 'sam')).toEqual({ liked: false, likesCount: 0 });
      const many = await skillLikeStatuses(db, ['react', 'sql'], 'bob');
      expect(Object.fromEntries(many)).toEqual({ react: { liked: true, likesCount: 2 }, sql: { liked: false, likesCount: 0 } });
    }));

  it('keeps when the current like began', () =>
    spec.given(history()).then(async (db) => {
      const rows = (await dumpTables(db, [skillLikesProjector])).skill_likes as { member_id: string; liked_at: string }[];
      // In the order the likes began (rows of one skill come in no order of their own).
      expect(rows.map((r) => [r.member_id, r.liked_at]).sort((x, y) => x[1]!.localeCompare(y[1]!))).toEqual([
        ['sam', '2026-03-01T09:00:00.000Z'],
        ['bob', '2026-03-01T09:06:00.000Z'],
      ]);
    }));

  it("announces the skill's owner and the member who liked, as a change to their likes", () =>
    spec.given(history()).then((_, { notices }) => {
      expect(notices).toContainEqual(memberChanged('mia', 'likes'));
      expect(notices).toContainEqual(memberChanged('cat', 'likes'));
      expect(notices.every(({ payload }) => isChange(payload, 'user') && payload.about === 'likes')).toBe(true);
    }));

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or in many small ones', () =>
    spec.given(history()).then(async (db) => {
      expect((await dumpTables(db, [skillLikesProjector])).skill_likes).toHaveLength(2);
    }));
});
