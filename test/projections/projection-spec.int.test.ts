// The projection harness itself (support/projection-spec.ts): it feeds the events through the runtime's
// commit path in every batch split, fails a projector whose rows depend on the split, and names the split
// a check failed in. The projector below counts likes per skill; its buggy twin keeps only the count of
// the last batch, which one batch hides.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { membersChanged } from '../../projections/change-notices.js';
import { readCheckpointRow } from '../../projections/runtime/bookkeeping.js';
import type { Projector } from '../../projections/types.js';
import { BATCH_SPLITS, projectionSpec, recordedLog } from './support/projection-spec.js';
import { testTargets } from './support/test-databases.js';

const likeCounter = (name: string, counted: 'added' | 'last batch only'): Projector => ({
  name,
  version: 1,
  tables: [`${name.replaceAll('-', '_')}_counts`],
  migrations: [
    {
      name: '20261129T0030-create-counts',
      up: (db) =>
        db.schema
          .createTable(`${name.replaceAll('-', '_')}_counts`)
          .addColumn('skill_id', 'text', (c) => c.primaryKey())
          .addColumn('likes', 'integer', (c) => c.notNull())
          .execute(),
      down: (db) => db.schema.dropTable(`${name.replaceAll('-', '_')}_counts`).execute(),
    },
  ],
  handles: ['SkillLiked'],
  async apply<DB>(handle: Kysely<DB>, events: RecordedEvent[]) {
    const table = sql.table(`${name.replaceAll('-', '_')}_counts`);
    const counts = new Map<string, number>();
    for (const event of events) {
      const { skillId } = (event as RecordedEvent & SkillLikeEvent).data;
      counts.set(skillId, (counts.get(skillId) ?? 0) + 1);
    }
    for (const [skillId, likes] of counts) {
      const merged = counted === 'added' ? sql`${table}.likes + excluded.likes` : sql`excluded.likes`;
      await sql`insert into ${table} (skill_id, likes) values (${skillId}, ${likes}) on conflict (skill_id) do update set likes = ${merged}`.execute(handle);
    }
    return counts.size > 0 ? [membersChanged()] : [];
  },
});

const counter = likeCounter('test-like-counter', 'added');
const forgetful = likeCounter('test-forgetful-counter', 'last batch only');
const liked = (skillId: string, memberId: string): SkillLikeEvent => ({ type: 'SkillLiked', data: { skillId, ownerId: 'mia', memberId } });
// Five likes and an event the counters do not handle, so some batches hold none of their events.
const events = [
  liked('react', 'ann'),
  liked('react', 'bob'),
  { type: 'SkillUnliked', data: { skillId: 'sql', ownerId: 'mia', memberId: 'ann' } },
  liked('sql', 'ann'),
  liked('react', 'cat'),
  liked('sql', 'bob'),
];

describe.each(testTargets())('the projection harness on $kind', (target) => {
  const spec = projectionSpec(target, counter);

  it('gives a projector that adds up the same rows in every split, through its commits', async () => {
    await spec.given(events).then(async (db) => {
      expect((await sql<{ skill_id: string; likes: number }>`select * from test_like_counter_counts order by skill_id`.execute(db)).rows).toEqual([
        { skill_id: 'react', likes: 3 },
        { skill_id: 'sql', likes: 2 },
      ]);
    });
    // The runtime's commit moved the checkpoint past the last event, the unhandled ones included.
    expect((await readCheckpointRow(spec.db, counter.name))?.checkpoint).toBe(recordedLog(events).at(-1)!.checkpoint);
  });

  it('names the split a check failed in, and hands the check each batch’s notices', async () => {
    const failure = await spec
      .given(events)
      .then((_, { noticesPerBatch }) => expect(noticesPerBatch.filter((batch) => batch.length > 0)).toHaveLength(1))
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(failure?.message).toMatch(/^\[one event per batch\] /);
    expect(BATCH_SPLITS.map((split) => split.name)).toEqual(['one batch', 'one event per batch', 'batches of 2', 'batches of 5']);
  });

  it('is not a promise: awaiting a spec without its check fails instead of passing', async () => {
    const awaited: unknown = spec.given(events);
    await expect(Promise.resolve(awaited)).rejects.toThrow('is not awaited');
  });
});

// A database of its own: the forgetful counter fails every story, so it cannot share the file's other spec.
describe.each(testTargets())('the projection harness and a projector whose rows depend on the split, on $kind', (target) => {
  const spec = projectionSpec(target, forgetful);

  it('fails it, naming the split whose rows differ from one batch’s', async () => {
    const failure = await spec
      .given(events)
      .thenRows({ test_forgetful_counter_counts: [expect.anything(), expect.anything()] })
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(failure?.message).toMatch(/after one event per batch, as after one batch/);
  });
});
