// The word index of the skill search (decision 177): given events, the word rows and vocabulary; a
// search through a typo, inside a word and with several words; the order following a renamed or newly
// rated mentor; filters, paging and the count's cap; the same rows whatever the batches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILL_SEARCH_COUNT_MAX } from '../../api/contracts/skill-search.js';
import type { MemberEvent, TaughtSkill } from '../../domain/member/events.js';
import type { SessionRated } from '../../domain/session/events.js';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import type { ReadModelsDb } from '../read-models.js';
import { migrateProjector } from '../runtime/migrate.js';
import { inBatches } from '../sessions/testing.js';
import { skillLikesProjector } from '../skill-likes/projector.js';
import { skillSearchProjector } from './projector.js';
import { searchSkillCards, type SkillSearchFilter } from './queries.js';

const AT = '2026-03-01T09:00:00.000Z';
const skill = (id: string, name: string, more: Partial<TaughtSkill> = {}): TaughtSkill => ({
  id,
  name,
  description: `Learn ${name}`,
  category: 'Development',
  experienceLevel: 'beginner',
  pointsPerHour: 1,
  ...more,
});

const history = (): RecordedEvent[] => {
  const log = createEventLog();
  const member = (event: MemberEvent) => log.record(`member-${event.data.memberId}`, event, AT);
  const rate = (sessionId: string, instructorId: string, stars: number) =>
    log.record(`session-${sessionId}`, { type: 'SessionRated', data: { sessionId, instructorId, stars } } as unknown as SessionRated, AT);
  const register = (memberId: string, name: string) =>
    member({ type: 'MemberRegistered', data: { memberId, email: `${memberId}@example.com`, name, timeZone: 'UTC', registeredAt: AT } });
  register('grace', 'Grace Hopper');
  register('linus', 'Linus Torvalds');
  register('ada', 'Ada Lovelace');
  member({ type: 'SkillTaughtAdded', data: { memberId: 'grace', skill: skill('py1', 'Python', { experienceLevel: 'advanced' }) } });
  member({ type: 'SkillTaughtAdded', data: { memberId: 'linus', skill: skill('py2', 'Python for beginners') } });
  member({ type: 'SkillTaughtAdded', data: { memberId: 'ada', skill: skill('pg', 'PostgreSQL', { description: 'Indexes and plans' }) } });
  member({ type: 'SkillTaughtAdded', data: { memberId: 'ada', skill: skill('gone', 'Cobol') } });
  member({ type: 'SkillTaughtRemoved', data: { memberId: 'ada', skillId: 'gone' } });
  rate('s1', 'grace', 4);
  rate('s2', 'linus', 5);
  // Ada renamed and rated best: her skills follow.
  member({ type: 'ProfileDetailsChanged', data: { memberId: 'ada', name: 'Ada King' } });
  rate('s3', 'ada', 5);
  rate('s4', 'ada', 5);
  member({ type: 'SkillTaughtAdded', data: { memberId: 'ada', skill: skill('py3', 'Python data science', { category: 'Business' }) } });
  // Many skills of one mentor, for paging and the count's cap.
  for (let i = 0; i < SKILL_SEARCH_COUNT_MAX + 5; i++) member({ type: 'SkillTaughtAdded', data: { memberId: 'linus', skill: skill(`k${i}`, `Kotlin ${i}`) } });
  return log.events;
};

describe.each(testTargets())('skill-search word index on $kind', (target) => {
  let database: TestDatabase;
  let sql: SqlDatabase<ReadModelsDb>;
  const search = (filter: Partial<SkillSearchFilter>) => searchSkillCards(sql.db, { q: '', minRating: 0, offset: 0, ...filter }, 'sam');
  const ids = async (filter: Partial<SkillSearchFilter>) => (await search(filter)).skills.map((s) => s.id);

  beforeAll(async () => {
    database = await target.create();
    sql = await database.open();
    await migrateProjector(sql.db, skillLikesProjector, 'public');
    await migrateProjector(sql.db, skillSearchProjector, 'public');
    await skillSearchProjector.apply(sql.db, history());
  });
  afterAll(async () => {
    await sql?.close();
    await database?.destroy();
  });

  it("writes one row per skill and word with its mentor's rating; a removed skill has none, the vocabulary keeps its words", async () => {
    const dump = await dumpTables(sql.db, [skillSearchProjector]);
    const words = (dump.skill_search_words as { skill_id: string; word: string; rating_tenths: number; review_count: number }[]).filter((r) => r.skill_id === 'pg');
    expect(words.map((r) => r.word).sort()).toEqual(['ada', 'and', 'development', 'indexes', 'king', 'plans', 'postgresql']);
    expect(words.every((r) => r.rating_tenths === 50 && r.review_count === 2)).toBe(true);
    expect((dump.skill_search_words as { skill_id: string }[]).some((r) => r.skill_id === 'gone')).toBe(false);
    const vocabulary = (dump.skill_search_vocabulary as { word: string }[]).map((r) => r.word);
    expect(vocabulary).toEqual(expect.arrayContaining(['cobol', 'lovelace', 'king']));
    expect(dump.skill_search_word_forms).toContainEqual({ form: 'pyton', word: 'python' });
  });

  it('finds a skill through a typo, inside a word, and by every word of the query, best rated first', async () => {
    expect(await ids({ q: 'Pyhton' })).toEqual(['py3', 'py2', 'py1']);
    expect(await ids({ q: 'sql' })).toEqual(['pg']);
    expect(await ids({ q: 'postgr' })).toEqual(['pg']);
    expect(await ids({ q: 'pyhton beginers' })).toEqual(['py2']);
    // Each word on its own (decision 177): inside words from three letters, whole words under three.
    expect(await ids({ q: 'pyth begin' })).toEqual(['py2']);
    expect(await ids({ q: 'thon fo' })).toEqual([]);
    expect(await ids({ q: 'kng pyhton' })).toEqual([]);
    expect(await ids({ q: 'king pyhton' })).toEqual(['py3']);
    expect(await ids({ q: 'cobol' })).toEqual([]);
    expect(await ids({ q: 'lovelace' })).toEqual([]);
    expect(await search({ q: '%' })).toMatchObject({ skills: [], total: 0 });
  });

  it('filters by category, level and minimum rating', async () => {
    expect(await ids({ q: 'python', category: 'Development' })).toEqual(['py2', 'py1']);
    expect(await ids({ q: 'python', level: 'advanced' })).toEqual(['py1']);
    expect(await ids({ q: 'python', minRating: 4.5 })).toEqual(['py3', 'py2']);
  });

  it('pages in order and caps the count', async () => {
    const first = await search({ q: 'kotlin' });
    expect(first).toMatchObject({ total: SKILL_SEARCH_COUNT_MAX, totalCapped: true, nextOffset: 20 });
    const second = await search({ q: 'kotlin', offset: 20 });
    expect(second.skills.map((s) => s.name)).toEqual([...first.skills, ...second.skills].map((s) => s.name).slice(20));
    const names = [...first.skills, ...second.skills].map((s) => s.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(40);
    expect(await search({ q: 'kotlin 7' })).toMatchObject({ total: 1, totalCapped: false });
  });

  it('gives the same rows whether events arrive in one batch or in many small ones', async () => {
    const events = history();
    for (const schema of ['by_one', 'by_seven']) {
      await sql.db.schema.createSchema(schema).execute();
      await migrateProjector(sql.db, skillSearchProjector, schema);
    }
    for (const event of events) await skillSearchProjector.apply(sql.db.withSchema('by_one'), [event]);
    for (const batch of inBatches(events, 7)) await skillSearchProjector.apply(sql.db.withSchema('by_seven'), batch);
    const reference = await dumpTables(sql.db, [skillSearchProjector]);
    expect(await dumpTables(sql.db.withSchema('by_one'), [skillSearchProjector])).toEqual(reference);
    expect(await dumpTables(sql.db.withSchema('by_seven'), [skillSearchProjector])).toEqual(reference);
  });
});
