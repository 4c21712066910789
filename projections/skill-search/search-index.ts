// Keeps the in-memory word index (word-index.ts) a copy of the skill_search read model (decision 178).
// It is loaded whole at the first search, then brought up to date from skill_search_changes: one row
// per skill ever written, with the log position of its last change (a removed skill's row stays, its
// skill gone). Only the skill-search projector writes that table, one batch after another, so the
// positions become visible in order and "every change after the last position read" misses nothing.
// A rebuild of the read model replaces its tables (a new table, a new oid): the index then loads anew.
// Before the first rebuild of this version has moved its tables in, it holds the old read model.
//
// When it reads the changes: before the first search after `changed()` (the API calls it when the read
// models show a write of this process, before the requests waiting for that write go on), and whenever its
// last read began more than `maxAgeMs` before a search was asked: that bounds how late any other write
// shows (another process's, a reactor's). The change notices are no help: the skill-search projector sends
// none, and another read model's notice can come before this one has the change. Concurrent searches
// share one read.
import { sql, type Kysely } from 'kysely';
import type { ReadModelsDb } from '../read-models.js';
import type { SkillSearchRow } from './tables.js';
import { indexedSkillOf, type IndexedSkill } from './indexed-skill.js';
import { SkillWordIndex } from './word-index.js';

export interface SkillSearchIndex {
  /** The index, showing every change the read model held when this was called (and earlier `changed()`). */
  current(): Promise<SkillWordIndex>;
  /** The read model may have changed: the next search reads the changes first. */
  changed(): void;
}

export interface SkillSearchIndexOptions {
  maxAgeMs?: number;
  now?: () => number;
}

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

export const followSkillSearch = (db: Kysely<ReadModelsDb>, { maxAgeMs = 1_000, now = () => performance.now() }: SkillSearchIndexOptions = {}): SkillSearchIndex => {
  const index = new SkillWordIndex();
  let generation: string | null = null;
  /** The last change read: its position and skill (one event can change many skills: a mentor's rating). */
  let position = '0';
  let after = '';
  /** Calls of changed() so far, and how many of them the last finished read began after. */
  let marks = 0;
  let seen = -1;
  /** When the last finished read began. */
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | null = null;

  const tablesThere = async () =>
    (
      await sql<{ search: boolean; current: boolean }>`
      select to_regclass('skill_search') is not null and to_regclass('skill_likes') is not null as search,
        to_regclass('skill_search_changes') is not null and to_regclass('skill_search_likes') is not null as current`.execute(db)
    ).rows[0]!;

  const load = async () => {
    const tables = await tablesThere();
    if (!tables.current) {
      // Right after the upgrade to this version: until its rebuild moves the new tables in, the copy is the
      // old read model as it stands (frozen while it is rebuilt), read again when the new tables are there.
      const { rows } = tables.search
        ? await sql<Loaded>`
          select ${COLUMNS}, coalesce(k.likers, '{}') as likers from skill_search s
          left join (select skill_id, array_agg(member_id) as likers from skill_likes group by skill_id) k on k.skill_id = s.skill_id`.execute(db)
        : { rows: [] };
      index.reset(rows.map((r) => indexedSkillOf(r as SkillSearchRow, r.likers)));
      generation = tables.search ? OLD_READ_MODEL : null;
      return;
    }
    // One statement, so the rows and the position are of one snapshot.
    const { rows } = await sql<Loaded>`
      select g.generation, (select coalesce(max(c.position), 0)::text from skill_search_changes c) as position, ${COLUMNS},
        coalesce(k.likers, '{}') as likers
      from ${GENERATION} left join skill_search s on true
      left join (select skill_id, array_agg(member_id) as likers from skill_search_likes group by skill_id) k on k.skill_id = s.skill_id`.execute(db);
    index.reset(rows.flatMap((r) => (r.skill_id === null ? [] : [indexedSkillOf(r as SkillSearchRow, r.likers)])));
    generation = rows[0]!.generation;
    position = rows[0]!.position;
    // The skills changed at that position are read again once: idempotent, and it spares finding the last.
    after = '';
  };

  /** The changes after the last one read, CHANGES_READ at a time, or the whole copy anew after a rebuild. */
  const readChanges = async (): Promise<void> => {
    // Gathered over the statements of one read and applied together (a skill's last state wins); the
    // position read moves only with them, so a read that fails half-way loses nothing.
    const changed = new Map<string, IndexedSkill | null>();
    let [atPosition, atSkill] = [position, after];
    for (;;) {
      const { rows } = await sql<Changed>`
        select g.generation, c.position::text as position, c.skill_id as changed_id, ${COLUMNS},
          coalesce((select array_agg(l.member_id) from skill_search_likes l where l.skill_id = s.skill_id), '{}') as likers
        from ${GENERATION}
        left join lateral (select c.skill_id, c.position from skill_search_changes c where (c.position, c.skill_id) > (${atPosition}::int8, ${atSkill})
          order by c.position, c.skill_id limit ${sql.lit(CHANGES_READ)}) c on true
        left join skill_search s on s.skill_id = c.skill_id
        order by c.position, c.skill_id`.execute(db);
      if (rows[0]!.generation !== generation) return load();
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
    [position, after] = [atPosition, atSkill];
  };

  const read = async () => {
    const startMarks = marks;
    const startedAt = now();
    if (generation === null) await load();
    else if (generation === OLD_READ_MODEL) {
      if ((await tablesThere()).current) await load();
    } else await readChanges();
    seen = startMarks;
    readAt = startedAt;
  };

  return {
    changed() {
      marks += 1;
    },
    async current() {
      const asked = now();
      const wanted = marks;
      // A read that began before this search was asked for may have missed what it must show.
      while (seen < wanted || readAt < asked - maxAgeMs) {
        reading ??= read().finally(() => {
          reading = null;
        });
        await reading;
      }
      return index;
    },
  };
};
