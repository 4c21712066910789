import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaughtSkill } from '../../domain/member/events.js';
import type { SkillLikeCommand } from '../../domain/skill-like/commands.js';
import { decideSkillLike, evolveSkillLike, initialSkillLikeState } from '../../domain/skill-like/decide.js';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { applyInBatchSplits, dumpBatchSplits, migrateForBatchSplits } from '../../test/projections/support/batch-splits.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import type { ReadModelsDb } from '../read-models.js';
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
  let database: TestDatabase;
  let sql: SqlDatabase<ReadModelsDb>;
  // What the runtime hands the projector: the unlike is none of its events.
  const events = tell().filter((event) => notificationsProjector.handles.includes(event.type));

  beforeAll(async () => {
    database = await target.create();
    sql = await database.open();
    await migrateForBatchSplits(sql.db, notificationsProjector);
  });
  afterAll(async () => {
    await sql?.close();
    await database?.destroy();
  });

  it('tells the mentor once per liker, naming the skill as last named, in one batch or many', async () => {
    await applyInBatchSplits(sql.db, notificationsProjector, events);
    const rows = await sql.db
      .selectFrom('notifications')
      .select(['recipient_id', 'type', 'event_type', 'title', 'message', 'from_user_id', 'post_id'])
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { recipient_id: MENTOR, type: 'skill_like', event_type: 'SKILL_LIKED', title: 'New Like', message: 'liked your skill: "Python"', from_user_id: ADA, post_id: null },
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
    const { whole, byOne, byThree } = await dumpBatchSplits(sql.db, notificationsProjector);
    expect(byOne).toEqual(whole);
    expect(byThree).toEqual(whole);
  });
});
