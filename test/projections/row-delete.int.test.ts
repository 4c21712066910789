// rows.x.delete in defineProjection: given events, then rows, in every batch split (projectionSpec: the
// runtime's commit path, a batch and its checkpoint as one statement through `plan`), and when the live
// runtime follows the log and writes a batch with its checkpoint as one statement. The read model below ends
// rows and makes them again, in one batch and across batches, in tables of each merge kind: a composite
// key that keeps the stored row ('nothing') and a single key whose column adds up (`add`).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import { defineProjection, type Recorded } from '../../projections/runtime/define-projection.js';
import { silentLogger } from '../../projections/runtime/logger.js';
import { createProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import { defineTable, int4, rowKey, text, timestamptz } from '../../projections/runtime/table.js';
import { openHarness } from './support/harness.js';
import { projectionSpec } from './support/projection-spec.js';
import { dumpTables } from './support/table-dump.js';
import { testTargets } from './support/test-databases.js';

/** Who likes which skill: a like repeated without an unlike keeps its first time. */
const fansTable = defineTable({
  name: 'test_fans',
  key: ['skill_id', 'member_id'],
  columns: { skill_id: text(), member_id: text(), liked_at: timestamptz() },
  onConflict: 'nothing',
});
/** A member's likes since their last unlike: each batch writes its change, added to the stored count. */
const streaksTable = defineTable({ name: 'test_streaks', key: ['member_id'], columns: { member_id: text(), likes: int4() }, add: ['likes'] });

const fansProjection = defineProjection({
  name: 'test-fans',
  version: 1,
  migration: '20261128T1400-create-test-fans',
  tables: { test_fans: fansTable, test_streaks: streaksTable },
  canHandle: ['SkillLiked', 'SkillUnliked'],
  evolve(rows, event: Recorded<SkillLikeEvent>) {
    const { skillId, memberId } = event.data;
    const fan = rowKey(skillId, memberId);
    if (event.type === 'SkillUnliked') {
      rows.test_fans.delete(fan);
      rows.test_streaks.delete(memberId);
      return;
    }
    if (!rows.test_fans.get(fan)) rows.test_fans.put({ skill_id: skillId, member_id: memberId, liked_at: event.metadata.occurredAt });
    rows.test_streaks.put({ member_id: memberId, likes: (rows.test_streaks.get(memberId)?.likes ?? 0) + 1 });
  },
});

const at = (minute: number) => `2026-03-01T09:0${minute}:00.000Z`;
const skillLike = (type: SkillLikeEvent['type'], skillId: string, memberId: string): SkillLikeEvent => ({ type, data: { skillId, ownerId: 'mia', memberId } });
const history: SkillLikeEvent[] = [
  skillLike('SkillLiked', 'react', 'ann'),
  skillLike('SkillLiked', 'react', 'bob'),
  skillLike('SkillLiked', 'sql', 'ann'),
  skillLike('SkillUnliked', 'react', 'ann'),
  skillLike('SkillLiked', 'react', 'ann'), // liked again after its delete: a new row, a count from zero
  skillLike('SkillUnliked', 'react', 'bob'), // ended: bob's rows are gone
  skillLike('SkillLiked', 'sql', 'ann'), // repeated: the stored like keeps its time, the count goes on
];

/** The rows `history` leaves, ordered as dumpTables orders them (by the first column). */
const expected = {
  test_fans: [
    { skill_id: 'react', member_id: 'ann', liked_at: at(4) },
    { skill_id: 'sql', member_id: 'ann', liked_at: at(2) },
  ],
  test_streaks: [{ member_id: 'ann', likes: 2 }],
};

describe.each(testTargets())('rows.x.delete in a declared read model, on $kind', (target) => {
  const spec = projectionSpec(target, fansProjection);

  it('leaves the same rows for every batch split: ended rows gone, rows made again afresh', () =>
    spec.given(history.map((event, i) => ({ ...event, streamId: `skill-likes-${event.data.skillId}`, at: at(i) }))).thenRows(expected));

  it('leaves them too when the live runtime writes a batch and its checkpoint as one statement', async () => {
    // A database of its own: the runtime migrates and writes public, where the split test's rows are.
    const liveDatabase = await target.create();
    const live = await openHarness(liveDatabase);
    /** Appends events to one skill's stream in one call, a minute apart from `minute` on. */
    const append = (events: SkillLikeEvent[], minute: number) =>
      live.store.append(
        `skill-likes-${events[0]!.data.skillId}`,
        events.map((event, i) => ({
          ...event,
          metadata: { eventId: randomUUID(), occurredAt: at(minute + i), actorId: event.data.memberId, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
        })),
      );
    expect(fansProjection.plan).toBeDefined();
    let last = '';
    for (const [i, event] of history.entries()) last = (await append([event], i)).checkpoint;
    const runtime = createProjectionRuntime({ sql: live.sql, store: live.store, projectors: [fansProjection], logger: silentLogger, pollIntervalMs: 60_000 });
    const liveDb = live.sql.db as unknown as Kysely<unknown>;
    await runtime.start();
    try {
      await runtime.waitFor(last, 10_000);
      expect(await dumpTables(liveDb, [fansProjection])).toEqual(expected);
      // One live batch ends a row an earlier batch stored and makes it again: it replaces the stored one.
      const { checkpoint } = await append([skillLike('SkillUnliked', 'react', 'ann'), skillLike('SkillLiked', 'react', 'ann')], 7);
      await runtime.waitFor(checkpoint, 10_000);
      expect(await dumpTables(liveDb, [fansProjection])).toEqual({
        test_fans: [{ skill_id: 'react', member_id: 'ann', liked_at: at(8) }, expected.test_fans[1]],
        test_streaks: [{ member_id: 'ann', likes: 1 }],
      });
      // And one ends rows without making them again.
      const ended = await append([skillLike('SkillUnliked', 'sql', 'ann')], 9);
      await runtime.waitFor(ended.checkpoint, 10_000);
      expect(await dumpTables(liveDb, [fansProjection])).toEqual({ test_fans: [{ skill_id: 'react', member_id: 'ann', liked_at: at(8) }], test_streaks: [] });
    } finally {
      await runtime.stop();
      await live.close();
      await liveDatabase.destroy();
    }
  });
});
