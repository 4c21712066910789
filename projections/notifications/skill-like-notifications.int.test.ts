import { describe, expect, it } from 'vitest';
import type { TaughtSkill } from '../../domain/member/events.js';
import type { SkillLikeCommand } from '../../domain/skill-like/commands.js';
import { decideSkillLike, evolveSkillLike, initialSkillLikeState } from '../../domain/skill-like/decide.js';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { createStory } from '../sessions/testing.js';
import { notificationsProjector } from './projector.js';

const MENTOR = 'mentor-1';
const ADA = 'ada';
const BEN = 'ben';
const SKILL: TaughtSkill = { id: 'skill-py', name: 'Python', description: 'Scripts and tests', category: 'Development', experienceLevel: 'advanced', pointsPerHour: 2 };
const UNNAMED = 'skill-unknown';

/** Likes told through the skill-like decider: Ada likes, unlikes and likes again; the skill is renamed; Ben likes. */
const tell = (): RecordedEvent[] => {
  const story = createStory();
  const recorded: RecordedEvent[] = [];
  const history = new Map<string, SkillLikeEvent[]>();
  let minute = 0;
  const at = () => `2026-03-02T09:${String(minute++).padStart(2, '0')}:00.000Z`;
  const like = (type: SkillLikeCommand['type'], skillId: string, memberId: string) => {
    const past = history.get(skillId) ?? [];
    const events = decideSkillLike({ type, skillId, ownerId: MENTOR, memberId }, past.reduce(evolveSkillLike, initialSkillLikeState()));
    history.set(skillId, [...past, ...events]);
    for (const event of events) recorded.push(story.record(`skill-likes-${skillId}`, event, at()));
  };
  recorded.push(story.record(`member-${MENTOR}`, { type: 'SkillTaughtAdded', data: { memberId: MENTOR, skill: SKILL } }, at()));
  like('LikeSkill', SKILL.id, ADA);
  like('UnlikeSkill', SKILL.id, ADA);
  like('LikeSkill', SKILL.id, ADA);
  recorded.push(story.record(`member-${MENTOR}`, { type: 'SkillTaughtUpdated', data: { memberId: MENTOR, skill: { ...SKILL, name: 'Python for testers' } } }, at()));
  like('ToggleSkillLike', SKILL.id, BEN);
  like('LikeSkill', UNNAMED, BEN);
  return recorded;
};

describe.each(testTargets())('skill-like notifications on $kind', (target) => {
  const spec = projectionSpec(target, notificationsProjector);
  // The whole log: the runtime hands the projector only its events (the unlike is none of them).
  const events = tell();

  // projectionSpec compares every split's rows with the first's.
  it('tells the mentor once per liker, naming the skill as last named, in one batch or many', () =>
    spec.given(events).then(async (db) => {
      const rows = await db
        .selectFrom('notifications')
        .select(['recipient_id', 'type', 'event_type', 'title', 'message', 'from_user_id', 'post_id'])
        .orderBy('position')
        .execute();
      expect(rows).toEqual([
        {
          recipient_id: MENTOR,
          type: 'skill_like',
          event_type: 'SKILL_LIKED',
          title: 'New Like',
          message: 'liked your skill: "Python"',
          from_user_id: ADA,
          post_id: null,
        },
        {
          recipient_id: MENTOR,
          type: 'skill_like',
          event_type: 'SKILL_LIKED',
          title: 'New Like',
          message: 'liked your skill: "Python for testers"',
          from_user_id: BEN,
          post_id: null,
        },
        { recipient_id: MENTOR, type: 'skill_like', event_type: 'SKILL_LIKED', title: 'New Like', message: 'liked your skill', from_user_id: BEN, post_id: null },
      ]);
    }));
});
