// The search page's query (spec 001 §2.2) over the skill-search read model. A text query's words are
// resolved to the catalogue's words within one typo or containing them (word-match.ts); the page and the
// count are read from the word index in rating order (decision 177), so their cost follows the page and
// the count's cap, not the number of matches. Without text the rating index of skill_search gives the
// page. Results are sorted by rating, descending (§2.2); the count stops at SKILL_SEARCH_COUNT_MAX.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SKILL_SEARCH_COUNT_MAX, SKILL_SEARCH_PAGE, type SkillCard, type SkillSearchResult } from '../../api/contracts/skill-search.js';
import type { ExperienceLevel } from '../../domain/member/events.js';
import type { ReadModelsDb } from '../read-models.js';
import { parseQuery, type ParsedQuery } from './search-words.js';
import { candidateWords } from './word-match.js';

export interface SkillSearchFilter {
  q: string;
  category?: string | undefined;
  level?: ExperienceLevel | undefined;
  /** Stars, e.g. 4.5: the rating as shown (to one decimal) must reach it. */
  minRating: number;
  offset: number;
}

interface Row {
  skill_id: string | null;
  name: string;
  description: string;
  category: string;
  experience_level: ExperienceLevel;
  points_per_hour: number;
  mentor_id: string;
  mentor_name: string;
  mentor_image_url: string | null;
  rating_tenths: number;
  review_count: number;
  likes_count: number;
  liked: boolean;
  total: number;
}

const toCard = (r: Row): SkillCard => ({
  id: r.skill_id!,
  name: r.name,
  description: r.description,
  category: r.category,
  experienceLevel: r.experience_level,
  pointsPerHour: Number(r.points_per_hour),
  instructor: { id: r.mentor_id, name: r.mentor_name, profileImageUrl: r.mentor_image_url, rating: Number(r.rating_tenths) / 10, reviewCount: Number(r.review_count) },
  likesCount: Number(r.likes_count),
  liked: Boolean(r.liked),
});

// The constant limits are written into the statement, not bound: a prepared statement's generic plan
// does not know a bound limit, and planned the no-text page's 21 cards as a hash join over all skills.
const SHOWN = sql.lit(SKILL_SEARCH_PAGE + 1);
const COUNTED = sql.lit(SKILL_SEARCH_COUNT_MAX + 1);

const ORDER = ['rating_tenths desc', 'review_count desc', 'name_key', 'skill_id'];
const order = (alias: string) => sql`order by ${sql.join(ORDER.map((key) => sql.raw(`${alias}.${key}`)))}`;

/** The filters on a row of skill_search or skill_search_words (both carry them). */
const filters = (filter: SkillSearchFilter, alias: string): RawBuilder<boolean>[] => {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const tests: RawBuilder<boolean>[] = filter.minRating > 0 ? [sql<boolean>`${column('rating_tenths')} >= ${Math.round(filter.minRating * 10)}`] : [];
  if (filter.category) tests.push(sql<boolean>`${column('category')} = ${filter.category}`);
  if (filter.level) tests.push(sql<boolean>`${column('experience_level')} = ${filter.level}`);
  return tests;
};
const all = (tests: RawBuilder<boolean>[]) => (tests.length === 0 ? sql<boolean>`true` : sql.join(tests, sql` and `));

/**
 * The page's ids and the count of a text query from the word index, in one statement with the query
 * words' resolution (r: the candidate words of each query word). One query word drives (the longest:
 * usually the rarest); for each of its candidate words the front of its range in rating order is read,
 * keeping the rows that pass the filters and have every other query word. The best offset + 21 of each
 * range hold the best offset + 21 of their union, and 1,001 of each tell whether the union reaches the
 * cap, so nothing further is read.
 */
const wordIds = (filter: SkillSearchFilter, query: ParsedQuery) => {
  const { words } = query;
  const driving = words.reduce((best, { word }, i) => ([...word].length > [...words[best]!.word].length ? i : best), 0);
  // Cast, so that "= any(...)" reads the array (not the rows of a subquery).
  const candidates = (i: number) => sql`(select r.words from r where r.i = ${i})::text[]`;
  // Another query word's skills are read once into a hash ('is true' keeps the test a hashed subplan
  // whatever the plan: as a semi-join, a generic plan probed the key once per row read, 6 ms for the
  // count of 'machine learning', and many more rows read when two words seldom meet).
  const tests = () => [
    ...filters(filter, 'w'),
    ...words.flatMap((_, i) =>
      i === driving ? [] : [sql<boolean>`(w.skill_id in (select o.skill_id from skill_search_words o where o.word = any(${candidates(i)}))) is true`],
    ),
  ];
  const front = (columns: RawBuilder<unknown>, limit: number | RawBuilder<unknown>, ordered: boolean) => sql`
    unnest(${candidates(driving)}) c(word) cross join lateral (
      select ${columns} from skill_search_words w where w.word = c.word and ${all(tests())} ${ordered ? order('w') : sql``} limit ${limit}) m`;
  // A skill found under two candidate words is counted once; with one candidate (most queries) there
  // is nothing to count apart, and hashing 1,001 ids cost more than reading them.
  const capped = front(sql`w.skill_id`, COUNTED, false);
  return sql`with r as (${candidateWords(query)}),
    page as (
      select distinct m.skill_id, m.rating_tenths, m.review_count, m.name_key
      from ${front(sql`w.skill_id, w.rating_tenths, w.review_count, w.name_key`, filter.offset + SKILL_SEARCH_PAGE + 1, true)}
      ${order('m')} limit ${SHOWN} offset ${filter.offset}),
    counted as (select (case when (select cardinality(r.words) from r where r.i = ${driving}) = 1 then (select count(*) from ${capped})
      else (select count(*) from (select m.skill_id from ${capped} group by m.skill_id) d) end)::int as total)
    select p.skill_id, t.total from counted t left join page p on true`;
};

/** Without text: the page in order from the rating index; the count stops at the cap. */
const ratingIds = (filter: SkillSearchFilter) => {
  const page = sql`${order('s')} limit ${SHOWN} offset ${filter.offset}`;
  return sql`select s.skill_id, t.total from
      (select count(*)::int as total from (select 1 from skill_search c where ${all(filters(filter, 'c'))} limit ${COUNTED}) m) t
    left join lateral (select s.skill_id from skill_search s where ${all(filters(filter, 's'))} ${page}) s on true`;
};

const EMPTY: SkillSearchResult = { skills: [], total: 0, totalCapped: false, nextOffset: null };

/** One page of skills matching the filter, best rated first, with the viewer's likes and the count. */
export const searchSkillCards = async (db: Kysely<ReadModelsDb>, filter: SkillSearchFilter, viewerId: string): Promise<SkillSearchResult> => {
  const query = parseQuery(filter.q);
  if (query.key !== '' && query.words.length === 0) return EMPTY;
  const ids = query.key === '' ? ratingIds(filter) : wordIds(filter, query);
  // The cards of the page (21 rows: one more than shown tells whether there is a next page), with their likes.
  const { rows } = await sql<Row>`
    select p.skill_id, s.name, s.description, s.category, s.experience_level, s.points_per_hour, s.mentor_id, s.mentor_name,
      s.mentor_image_url, s.rating_tenths, s.review_count, p.total, k.likes_count, k.liked
    from (${ids}) p left join skill_search s on s.skill_id = p.skill_id
    -- One read of each card's likes: their count and the viewer's.
    left join lateral (select count(*)::int as likes_count, coalesce(bool_or(l.member_id = ${viewerId}), false) as liked
      from skill_likes l where l.skill_id = p.skill_id) k on true
    ${order('s')}`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  const found = rows.filter((r) => r.skill_id !== null);
  const more = found.length > SKILL_SEARCH_PAGE;
  return {
    skills: found.slice(0, SKILL_SEARCH_PAGE).map(toCard),
    total: Math.min(total, SKILL_SEARCH_COUNT_MAX),
    totalCapped: total > SKILL_SEARCH_COUNT_MAX,
    nextOffset: more && filter.offset + SKILL_SEARCH_PAGE <= SKILL_SEARCH_COUNT_MAX ? filter.offset + SKILL_SEARCH_PAGE : null,
  };
};
