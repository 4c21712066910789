// The in-memory word index (word-index.ts) as a copy of the skill_search read model (decision 178),
// declared for the projection runtime's memory copies (runtime/memory-copy.ts, which says when it
// catches up: after a write of this process shows, and at most `maxAgeMs` after any other; decision
// 279). It is loaded whole at the first search, then brought up to date from skill_search_changes: one row
// per skill ever written, with the log position of its last change (a removed skill's row stays, its
// skill gone). Only the skill-search projector writes that table, one batch after another, so the
// positions become visible in order and "every change after the last position read" misses nothing.
// A rebuild of the read model replaces its tables (a new table, a new oid): the index then loads anew.
// Before the first rebuild of this version has moved its tables in, it holds the old read model.
// The change notices are no help: the skill-search projector sends none.
import { sql, type Kysely } from 'kysely';
import type { ReadModelsDb } from '../read-models.js';
import type { SkillSearchRow } from './tables.js';
import { indexedSkillOf, type IndexedSkill } from './indexed-skill.js';
import { defineMemoryCopy } from '../runtime/memory-copy.js';
import { SkillWordIndex } from './word-index.js';

type SkillColumns = { [K in keyof SkillSearchRow]: SkillSearchRow[K] | null };
type Loaded = SkillColumns & { generation: string; position: string; likers: string[] };
type Changed = SkillColumns & { generation: string; position: string | null; changed_id: string | null; likers: string[] };

const COLUMNS = sql.raw(
  's.skill_id, s.mentor_id, s.mentor_name, s.mentor_image_url, s.name, s.name_key, s.description, s.category, s.experience_level, s.points_per_hour, s.rating_tenths, s.review_count',
);
// Changes read per statement. Bounded, so the server's prepared statement keeps a cheap generic plan: without
// the limit the planner expected a third of the table, and the cost it guessed started JIT compilation, 15 ms
// to 200 ms of every read while the searches waited for it.
const CHANGES_READ = 1_000;
/** The generation of a copy of the read model before this version (no change table to follow). */
const OLD_READ_MODEL = 'old';
// The change table's identity: a rebuild moves a new table in.
// Evaluated as the statement runs (a regclass literal would be resolved when it is parsed, before it waits for a
// rebuild's swap to commit, and label the new table's rows with the old table's oid).
const GENERATION = sql`(select to_regclass('skill_search_changes')::oid::int8::text as generation) g`;

/** Where the copy stands: the change table's generation, and the last change read (its position and skill). */
interface IndexPosition {
  /** null: no read model yet (loaded again at the next read); OLD_READ_MODEL: the version before. */
  generation: string | null;
  position: string;
  /** One event can change many skills (a mentor's rating): the last skill read at `position`. */
  after: string;
}

const tablesThere = async (db: Kysely<ReadModelsDb>) =>
  (
    await sql<{ search: boolean; current: boolean }>`
    select to_regclass('skill_search') is not null and to_regclass('skill_likes') is not null as search,
      to_regclass('skill_search_changes') is not null and to_regclass('skill_search_likes') is not null as current`.execute(db)
  ).rows[0]!;

const load = async (db: Kysely<ReadModelsDb>, index: SkillWordIndex): Promise<IndexPosition> => {
  const tables = await tablesThere(db);
  if (!tables.current) {
    // Right after the upgrade to this version: until its rebuild moves the new tables in, the copy is the
    // old read model as it stands (frozen while it is rebuilt), read again when the new tables are there.
    const { rows } = tables.search
      ? await sql<Loaded>`
        select ${COLUMNS}, coalesce(k.likers, '{}') as likers from skill_search s
        left join (select skill_id, array_agg(member_id) as likers from skill_likes group by skill_id) k on k.skill_id = s.skill_id`.execute(db)
      : { rows: [] };
    index.reset(rows.map((r) => indexedSkillOf(r as SkillSearchRow, r.likers)));
    return { generation: tables.search ? OLD_READ_MODEL : null, position: '0', after: '' };
  }
  // One statement, so the rows and the position are of one snapshot.
  const { rows } = await sql<Loaded>`
    select g.generation, (select coalesce(max(c.position), 0)::text from skill_search_changes c) as position, ${COLUMNS},
      coalesce(k.likers, '{}') as likers
    from ${GENERATION} left join skill_search s on true
    left join (select skill_id, array_agg(member_id) as likers from skill_search_likes group by skill_id) k on k.skill_id = s.skill_id`.execute(db);
  index.reset(rows.flatMap((r) => (r.skill_id === null ? [] : [indexedSkillOf(r as SkillSearchRow, r.likers)])));
  // The skills changed at that position are read again once: idempotent, and it spares finding the last.
  return { generation: rows[0]!.generation, position: rows[0]!.position, after: '' };
};

/** The changes after the last one read, CHANGES_READ at a time, or the whole copy anew after a rebuild. */
const readChanges = async (db: Kysely<ReadModelsDb>, index: SkillWordIndex, at: IndexPosition): Promise<IndexPosition> => {
  // Gathered over the statements of one read and applied together (a skill's last state wins); the
  // position answered moves only with them, so a read that fails half-way loses nothing.
  const changed = new Map<string, IndexedSkill | null>();
  let [atPosition, atSkill] = [at.position, at.after];
  for (;;) {
    const { rows } = await sql<Changed>`
      select g.generation, c.position::text as position, c.skill_id as changed_id, ${COLUMNS},
        coalesce((select array_agg(l.member_id) from skill_search_likes l where l.skill_id = s.skill_id), '{}') as likers
      from ${GENERATION}
      left join lateral (select c.skill_id, c.position from skill_search_changes c where (c.position, c.skill_id) > (${atPosition}::int8, ${atSkill})
        order by c.position, c.skill_id limit ${sql.lit(CHANGES_READ)}) c on true
      left join skill_search s on s.skill_id = c.skill_id
      order by c.position, c.skill_id`.execute(db);
    if (rows[0]!.generation !== at.generation) return load(db, index);
    for (const row of rows) {
      if (row.changed_id === null) continue;
      changed.set(row.changed_id, row.skill_id === null ? null : indexedSkillOf(row as SkillSearchRow, row.likers));
      [atPosition, atSkill] = [row.position!, row.changed_id];
    }
    if (rows.length < CHANGES_READ) break;
  }
  const entries = [...changed.entries()];
  index.apply(
    entries.flatMap(([, skill]) => (skill ? [skill] : [])),
    entries.flatMap(([id, skill]) => (skill ? [] : [id])),
  );
  return { generation: at.generation, position: atPosition, after: atSkill };
};

/** The skill search's word index, a copy of the read model that a search at most a second old shows (decision 178). */
export const skillSearchCopy = defineMemoryCopy({
  name: 'skill search word index',
  maxAgeMs: 1_000,
  create: () => new SkillWordIndex(),
  load,
  async catchUp(db: Kysely<ReadModelsDb>, index: SkillWordIndex, at: IndexPosition): Promise<IndexPosition> {
    if (at.generation === null) return load(db, index);
    if (at.generation === OLD_READ_MODEL) return (await tablesThere(db)).current ? load(db, index) : at;
    return readChanges(db, index, at);
  },
});
