import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChange } from '../../api/contracts/live.js';
import { memberChanged } from '../change-notices.js';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import { migrateProjector } from '../runtime/migrate.js';
import { inBatches } from '../sessions/testing.js';
import { skillLikesProjector } from './projector.js';
import { skillLikeStatus, skillLikeStatuses } from './queries.js';
import type { ReadModelsDb } from '../read-models.js';
import type { ChangeNotice } from '../types.js';

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
  let database: TestDatabase;
  let sql: SqlDatabase<ReadModelsDb>;
  let notices: ChangeNotice[];

  beforeAll(async () => {
    database = await target.create();
    sql = await database.open();
    await migrateProjector(sql.db, skillLikesProjector, 'public');
    notices = await skillLikesProjector.apply(sql.db, history());
  });
  afterAll(async () => {
    await sql?.close();
    await database?.destroy();
  });

  it('counts the likes of a skill and tells whether I like it', async () => {
    expect(await skillLikeStatus(sql.db, 'react', 'sam')).toEqual({ liked: true, likesCount: 2 });
    expect(await skillLikeStatus(sql.db, 'react', 'cat')).toEqual({ liked: false, likesCount: 2 });
    expect(await skillLikeStatus(sql.db, 'react', null)).toEqual({ liked: false, likesCount: 2 });
    expect(await skillLikeStatus(sql.db, 'sql', 'sam')).toEqual({ liked: false, likesCount: 0 });
    expect(await skillLikeStatus(sql.db, 'unknown', 'sam')).toEqual({ liked: false, likesCount: 0 });
    const many = await skillLikeStatuses(sql.db, ['react', 'sql'], 'bob');
    expect(Object.fromEntries(many)).toEqual({ react: { liked: true, likesCount: 2 }, sql: { liked: false, likesCount: 0 } });
  });

  it('keeps when the current like began', async () => {
    const rows = (await dumpTables(sql.db, [skillLikesProjector])).skill_likes as { member_id: string; liked_at: string }[];
    expect(rows.map((r) => [r.member_id, r.liked_at])).toEqual([
      ['sam', '2026-03-01T09:00:00.000Z'],
      ['bob', '2026-03-01T09:06:00.000Z'],
    ]);
  });

  it("announces the skill's owner and the member who liked, as a change to their likes", () => {
    expect(notices).toContainEqual(memberChanged('mia', 'likes'));
    expect(notices).toContainEqual(memberChanged('cat', 'likes'));
    expect(notices.every(({ payload }) => isChange(payload, 'user') && payload.about === 'likes')).toBe(true);
  });

  it('gives the same rows whether events arrive in one batch or in many small ones', async () => {
    const events = history();
    for (const schema of ['by_one', 'by_three']) {
      await sql.db.schema.createSchema(schema).execute();
      await migrateProjector(sql.db, skillLikesProjector, schema);
    }
    for (const event of events) await skillLikesProjector.apply(sql.db.withSchema('by_one'), [event]);
    for (const batch of inBatches(events, 3)) await skillLikesProjector.apply(sql.db.withSchema('by_three'), batch);
    const reference = await dumpTables(sql.db, [skillLikesProjector]);
    expect(reference.skill_likes).toHaveLength(2);
    expect(await dumpTables(sql.db.withSchema('by_one'), [skillLikesProjector])).toEqual(reference);
    expect(await dumpTables(sql.db.withSchema('by_three'), [skillLikesProjector])).toEqual(reference);
  });
});
