// Queries of the skill-search read model: the search page (spec 001 §2.2) and the '@' and '#'
// suggestions (§5, §7). Each is one statement over one table and its text indexes (decision 158): a
// text matches when it contains the query as typed, or when every word of the query is in it within
// one typo. Results are sorted by rating, descending (§2.2); the count stops at SKILL_SEARCH_COUNT_MAX.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SKILL_SEARCH_COUNT_MAX, SKILL_SEARCH_PAGE, type SkillCard, type SkillSearchResult } from '../../api/contracts/skill-search.js';
import type { ExperienceLevel } from '../../domain/member/events.js';
import type { ReadModelsDb } from '../read-models.js';
import { containsPattern, formsQuery, parseQuery, type ParsedQuery } from './search-words.js';
import { typoVector } from './tables.js';

/** Below this many characters a substring test cannot use the trigram index: words are matched whole. */
const TRIGRAM_MIN = 3;

/**
 * The text test on a row's `key` (searchKey text) and `words` (typoWordsOf) columns: the query inside the
 * text, or each of its words as a word of the text within one typo (3-letter words: inside the text).
 */
export const textMatches = (query: ParsedQuery, key: RawBuilder<string>, words: RawBuilder<string>): RawBuilder<boolean> => {
  const contains = (text: string) => sql<boolean>`${key} like ${containsPattern(text)}`;
  const tests: RawBuilder<boolean>[] = [];
  if ([...query.key].length >= TRIGRAM_MIN) tests.push(contains(query.key));
  const typed = query.words.flatMap(({ forms }) => (forms ? [{ forms }] : []));
  const inside = query.words.flatMap(({ word, forms }) => (forms ? [] : [contains(word)]));
  if (query.words.length > 0) {
    const each = [...(typed.length > 0 ? [sql<boolean>`${typoVector(words)} @@ to_tsquery('simple', ${formsQuery(typed)})`] : []), ...inside];
    tests.push(sql<boolean>`(${sql.join(each, sql` and `)})`);
  }
  return tests.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(tests, sql` or `)})`;
};

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

/** One page of skills matching the filter, best rated first, with the viewer's likes and the count. */
export const searchSkillCards = async (db: Kysely<ReadModelsDb>, filter: SkillSearchFilter, viewerId: string): Promise<SkillSearchResult> => {
  const query = parseQuery(filter.q);
  const where = (alias: string) => {
    const column = (name: string) => sql.ref(`${alias}.${name}`);
    const tests: RawBuilder<boolean>[] = filter.minRating > 0 ? [sql<boolean>`${column('rating_tenths')} >= ${Math.round(filter.minRating * 10)}`] : [];
    if (query.key !== '') tests.push(textMatches(query, column('search_key') as RawBuilder<string>, column('typo_words') as RawBuilder<string>));
    if (filter.category) tests.push(sql<boolean>`${column('category')} = ${filter.category}`);
    if (filter.level) tests.push(sql<boolean>`${column('experience_level')} = ${filter.level}`);
    return tests.length === 0 ? sql<boolean>`true` : sql.join(tests, sql` and `);
  };
  const order = (alias: string) =>
    sql`order by ${sql.join(['rating_tenths desc', 'review_count desc', 'name_key', 'skill_id'].map((key) => sql.raw(`${alias}.${key}`)))}`;
  const page = sql`${order('s')} limit ${SKILL_SEARCH_PAGE + 1} offset ${filter.offset}`;
  // The page's ids and the count first, from the sort keys only; the cards' columns are read for the 21
  // rows shown (one more than shown: is there a next page?). A text query reads its matches through the
  // text indexes (materialized first: read in rating order instead, the planner would test the text of
  // every row until the page fills) and sorts them all by rating, so counting them costs nothing more;
  // carrying each match's description and names through that sort cost more than finding it. Without
  // text the rating index gives the page in order, and the count stops at the cap.
  const ids =
    query.key !== ''
      ? sql`with m as materialized (select s.skill_id, s.rating_tenths, s.review_count, s.name_key from skill_search s where ${where('s')})
            select s.skill_id, count(*) over ()::int as total from m s ${page}`
      : sql`select s.skill_id, t.total from
              (select count(*)::int as total from (select 1 from skill_search c where ${where('c')} limit ${SKILL_SEARCH_COUNT_MAX + 1}) m) t
            left join lateral (select s.skill_id from skill_search s where ${where('s')} ${page}) s on true`;
  // The cards of the page, with their likes (the viewer's own too).
  const { rows } = await sql<Row>`
    select p.skill_id, s.name, s.description, s.category, s.experience_level, s.points_per_hour, s.mentor_id, s.mentor_name,
      s.mentor_image_url, s.rating_tenths, s.review_count, p.total,
      (select count(*)::int from skill_likes l where l.skill_id = p.skill_id) as likes_count,
      exists (select 1 from skill_likes l where l.skill_id = p.skill_id and l.member_id = ${viewerId}) as liked
    from (${ids}) p left join skill_search s on s.skill_id = p.skill_id
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
