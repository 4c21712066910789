// The skill search (decisions 177, 178): given events, the skills' change positions; a search through a
// typo, inside a word and with several words; the order following a renamed or newly rated mentor;
// filters, paging and the count's cap; the same rows whatever the batches; the in-memory index
// following later events, and loading anew after a rebuild replaced the tables.
import { sql as sqlTag } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILL_SEARCH_COUNT_MAX } from '../../api/contracts/skill-search.js';
import type { MemberEvent, TaughtSkill } from '../../domain/member/events.js';
import type { SessionRated } from '../../domain/session/events.js';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets, type TestDatabase } from '../../test/projections/support/test-databases.js';
import type { ReadModelsDb } from '../read-models.js';
import { followMemoryCopy, type MemoryCopy } from '../runtime/memory-copy.js';
import { migrateProjector } from '../runtime/migrate.js';
import { skillLikesProjector } from '../skill-likes/projector.js';
import { skillSearchProjector } from './projector.js';
import { searchSkillCards, type SkillSearchFilter } from './queries.js';
import { skillSearchCopy } from './search-index.js';
import type { SkillWordIndex } from './word-index.js';
import { parseQuery } from './search-words.js';

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

// `manySkills` of one mentor page and cap the count; the batch-split test needs only a few of them.
const history = (manySkills = SKILL_SEARCH_COUNT_MAX + 5): RecordedEvent[] => {
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
  for (let i = 0; i < manySkills; i++) member({ type: 'SkillTaughtAdded', data: { memberId: 'linus', skill: skill(`k${i}`, `Kotlin ${i}`) } });
  return log.events;
};

describe.each(testTargets())('skill-search word index on $kind', (target) => {
  const spec = projectionSpec(target, skillSearchProjector, { with: [skillLikesProjector] });
  let index: MemoryCopy<SkillWordIndex>;
  const search = async (filter: Partial<SkillSearchFilter>) => searchSkillCards(await index.current(), { q: '', minRating: 0, offset: 0, ...filter }, 'sam');
  const ids = async (filter: Partial<SkillSearchFilter>) => (await search(filter)).skills.map((s) => s.id);

  // The index is read from one batch's rows (a hundred skills applied in every split cost seconds on PGlite).
  beforeAll(async () => {
    await spec.given(history()).apply();
    index = followMemoryCopy(spec.db, skillSearchCopy);
  });

  it("notes each skill's last change at its event's position, a removed skill's too", async () => {
    const events = history();
    const dump = await dumpTables(spec.db, [skillSearchProjector]);
    const changes = new Map((dump.skill_search_changes as { skill_id: string; position: number }[]).map((r) => [r.skill_id, Number(r.position)]));
    const positionOf = (type: string, where: (data: Record<string, unknown>) => boolean) =>
      Number(events.findLast((e) => e.type === type && where(e.data as Record<string, unknown>))!.globalPosition);
    // Ada's skills were last rewritten by her second rating; 'gone' by its removal.
    expect(changes.get('pg')).toBe(positionOf('SessionRated', (d) => d.sessionId === 's4'));
    expect(changes.get('gone')).toBe(positionOf('SkillTaughtRemoved', (d) => d.skillId === 'gone'));
    expect((dump.skill_search as { skill_id: string }[]).some((r) => r.skill_id === 'gone')).toBe(false);
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

  // Last: it empties the tables the index above was read from. projectionSpec compares every split's rows
  // with the first's; a thousand skills alike, each applied alone, prove no more than ten (and took 25 s on PGlite).
  it('gives the same rows whether events arrive in one batch or in many small ones', () =>
    spec.given(history(10)).then(async (db) => {
      const rows = await dumpTables(db, [skillSearchProjector]);
      expect(Object.values(rows).some((table) => table.length > 0)).toBe(true);
    }));
});

describe.each(testTargets())('the in-memory word index following the read model on $kind', (target) => {
  let database: TestDatabase;
  let sql: SqlDatabase<ReadModelsDb>;
  const log = createEventLog();
  let applied = 0;
  const member = (event: MemberEvent) => log.record(`member-${event.data.memberId}`, event, AT);
  const applyNew = async () => {
    await skillSearchProjector.apply(sql.db, log.events.slice(applied));
    applied = log.events.length;
  };
  const names = async (index: MemoryCopy<SkillWordIndex>, q: string) =>
    (await searchSkillCards(await index.current(), { q, minRating: 0, offset: 0 }, 'sam')).skills.map((s) => s.name);

  beforeAll(async () => {
    database = await target.create();
    sql = await database.open();
    await migrateProjector(sql.db, skillLikesProjector, 'public');
    await migrateProjector(sql.db, skillSearchProjector, 'public');
    for (const [id, name] of [
      ['grace', 'Grace Hopper'],
      ['linus', 'Linus Torvalds'],
    ] as const) {
      member({ type: 'MemberRegistered', data: { memberId: id, email: `${id}@example.com`, name, timeZone: 'UTC', registeredAt: AT } });
    }
    member({ type: 'SkillTaughtAdded', data: { memberId: 'grace', skill: skill('g1', 'Rust basics') } });
    member({ type: 'SkillTaughtAdded', data: { memberId: 'linus', skill: skill('l1', 'Rust kernels') } });
    await applyNew();
  });
  afterAll(async () => {
    await sql?.close();
    await database?.destroy();
  });

  it('shows a new skill, a new order and a removal once told the read model changed, and not before', async () => {
    const index = followMemoryCopy(sql.db, skillSearchCopy, { maxAgeMs: 60_000 });
    expect(await names(index, 'rust')).toEqual(['Rust basics', 'Rust kernels']);
    member({ type: 'SkillTaughtAdded', data: { memberId: 'linus', skill: skill('l2', 'Rust macros') } });
    log.record('session-s1', { type: 'SessionRated', data: { sessionId: 's1', instructorId: 'linus', stars: 5 } } as unknown as SessionRated, AT);
    member({ type: 'SkillTaughtRemoved', data: { memberId: 'grace', skillId: 'g1' } });
    await applyNew();
    // Not told, and its last read is recent: the index still holds what it read.
    const held = (await index.current()).search(parseQuery('rust'), { minRating: 0, offset: 0 });
    expect({ ids: held.skills.map((s) => s.id), total: held.total }).toEqual({ ids: ['g1', 'l1'], total: 2 });
    index.changed();
    expect(await names(index, 'rust')).toEqual(['Rust kernels', 'Rust macros']);
    expect(await names(index, 'macro')).toEqual(['Rust macros']);
    expect(await names(index, 'basics')).toEqual([]);
  });

  it("shows a skill's likes and the viewer's own once told", async () => {
    const index = followMemoryCopy(sql.db, skillSearchCopy, { maxAgeMs: 60_000 });
    const like = (type: 'SkillLiked' | 'SkillUnliked', memberId: string) =>
      log.record(`skill-likes-l1`, { type, data: { skillId: 'l1', ownerId: 'linus', memberId } } as SkillLikeEvent, AT);
    like('SkillLiked', 'sam');
    like('SkillLiked', 'ada');
    like('SkillLiked', 'bob');
    like('SkillUnliked', 'bob');
    await applyNew();
    index.changed();
    const card = async (viewer: string) =>
      (await searchSkillCards(await index.current(), { q: 'kernels', minRating: 0, offset: 0 }, viewer)).skills.map((s) => [s.likesCount, s.liked]);
    expect(await card('sam')).toEqual([[2, true]]);
    expect(await card('bob')).toEqual([[2, false]]);
  });

  it('reads the changes when its last read is older than its bound, without being told', async () => {
    let clock = 0;
    const index = followMemoryCopy(sql.db, skillSearchCopy, { maxAgeMs: 1_000, now: () => clock });
    expect(await names(index, 'hopper')).toEqual([]);
    member({ type: 'SkillTaughtAdded', data: { memberId: 'grace', skill: skill('g2', 'Compilers') } });
    await applyNew();
    clock = 500;
    expect(await names(index, 'hopper')).toEqual([]);
    clock = 1_500;
    expect(await names(index, 'hopper')).toEqual(['Compilers']);
  });

  it('reads more changes than one statement holds, when one event changed them all', async () => {
    const index = followMemoryCopy(sql.db, skillSearchCopy, { maxAgeMs: 60_000 });
    expect(await names(index, 'haskell')).toEqual([]);
    // 2,500 skills changed at one position (as a mentor's new rating rewrites all their skills), written as the projector would.
    await sqlText(
      sql,
      `insert into skill_search (skill_id, mentor_id, mentor_name, mentor_image_url, name, name_key, description, category, experience_level, points_per_hour, rating_tenths, review_count)
       select 'h' || i, 'linus', 'Linus Torvalds', null, 'Haskell ' || i, 'haskell ' || i, 'Learn', 'Development', 'beginner', 1, 0, 0 from generate_series(1, 2500) i`,
    );
    await sqlText(sql, `insert into skill_search_changes (skill_id, position) select 'h' || i, 1000000 from generate_series(1, 2500) i`);
    index.changed();
    const found = await searchSkillCards(await index.current(), { q: 'haskell', minRating: 0, offset: 0 }, 'sam');
    expect(found).toMatchObject({ total: SKILL_SEARCH_COUNT_MAX, totalCapped: true });
    expect((await index.current()).search(parseQuery('haskell'), { minRating: 0, offset: 0, level: 'beginner' }).total).toBe(SKILL_SEARCH_COUNT_MAX + 1);
    expect((await index.current()).size).toBeGreaterThanOrEqual(2_500);
    await sqlText(sql, "delete from skill_search where skill_id like 'h%'");
    await sqlText(sql, `update skill_search_changes set position = 1000001 where skill_id like 'h%'`);
    index.changed();
    expect(await names(index, 'haskell')).toEqual([]);
    // Positions of no event: gone, so that the copies of the next tests follow the log's own.
    await sqlText(sql, "delete from skill_search_changes where skill_id like 'h%'");
  });

  it('holds the read model of the version before until its rebuild moves the new tables in', async () => {
    member({ type: 'SkillTaughtAdded', data: { memberId: 'linus', skill: skill('l3', 'Elixir') } });
    await applyNew();
    await sqlText(sql, 'alter table skill_search_changes rename to skill_search_changes_later');
    await sqlText(sql, 'alter table skill_search_likes rename to skill_search_likes_later');
    const index = followMemoryCopy(sql.db, skillSearchCopy, { maxAgeMs: 60_000 });
    expect(await names(index, 'elixir')).toEqual(['Elixir']);
    await sqlText(sql, "update skill_search set name = 'Elixir and Phoenix' where skill_id = 'l3'");
    index.changed();
    expect(await names(index, 'phoenix')).toEqual([]);
    await sqlText(sql, 'alter table skill_search_changes_later rename to skill_search_changes');
    await sqlText(sql, 'alter table skill_search_likes_later rename to skill_search_likes');
    index.changed();
    expect(await names(index, 'phoenix')).toEqual(['Elixir and Phoenix']);
  });

  it('loads anew when a rebuild has replaced the tables', async () => {
    const index = followMemoryCopy(sql.db, skillSearchCopy, { maxAgeMs: 60_000 });
    expect(await names(index, 'compilers')).toEqual(['Compilers']);
    // A rebuild moves new tables in: here a copy whose positions are all older than those read.
    await sqlText(sql, 'alter table skill_search_changes rename to skill_search_changes_old');
    await sqlText(sql, 'create table skill_search_changes (like skill_search_changes_old including all)');
    await sqlText(sql, 'insert into skill_search_changes select skill_id, 1 from skill_search_changes_old');
    await sqlText(sql, "update skill_search set name = 'Parsing', description = 'Learn parsing' where skill_id = 'g2'");
    index.changed();
    expect(await names(index, 'compilers')).toEqual([]);
    expect(await names(index, 'parsing')).toEqual(['Parsing']);
  });
});

const sqlText = (db: SqlDatabase<ReadModelsDb>, text: string) => sqlTag.raw(text).execute(db.db);
