// How the in-memory word index reads its lists (decision 178): the results' order, the place of a skill
// in a sorted list, the lists of several candidate words merged in order, and a page with its count read
// from the front until both are done, so a search costs the page and the count's cap, not its matches.
import { SKILL_SEARCH_COUNT_MAX, SKILL_SEARCH_PAGE } from '../../api/contracts/skill-search.js';
import type { IndexedSkill, WordIndexFilter, WordIndexPage } from './indexed-skill.js';

const SHOWN = SKILL_SEARCH_PAGE + 1;
const COUNTED = SKILL_SEARCH_COUNT_MAX + 1;
/** Another query word's skills are held in a set up to this many; past it each skill's words are looked at. */
const OTHERS_SET_MAX = 4_000;

/**
 * The results' order (spec 001 §2.2): rating, then reviews, descending; then name and id. Names compare by
 * code unit (the database's collation ordered ties of equal rating before decision 178).
 */
export const compare = (a: IndexedSkill, b: IndexedSkill): number =>
  b.rating - a.rating || b.reviews - a.reviews || (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The first place in `list` (in order) where `skill` is or would be. */
export const placeOf = (list: readonly IndexedSkill[], skill: IndexedSkill): number => {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(list[mid]!, skill) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
};

/** Whether a skill has one of a query word's candidates: a set of their skills when small, else the skill's words. */
export const othersTest = (words: readonly string[], lists: readonly (readonly IndexedSkill[])[], size: number): ((skill: IndexedSkill) => boolean) => {
  if (size > OTHERS_SET_MAX) return (skill) => words.some((w) => skill.words.includes(w));
  const skills = new Set(lists.flat());
  return (skill) => skills.has(skill);
};

/** The skills of sorted lists in order, each once (a skill is in the lists of several of its words), read lazily. */
export const merged = (lists: readonly (readonly IndexedSkill[])[]): Iterable<IndexedSkill> => (lists.length === 1 ? lists[0]! : mergeLists(lists));

/** A k-way merge through a binary heap of the lists' heads: a 3-letter query can stand for thousands of words. */
function* mergeLists(lists: readonly (readonly IndexedSkill[])[]): Iterable<IndexedSkill> {
  const heads = lists.filter((list) => list.length > 0).map((list) => ({ list, at: 0 }));
  const before = (i: number, j: number) => compare(heads[i]!.list[heads[i]!.at]!, heads[j]!.list[heads[j]!.at]!) < 0;
  const swap = (i: number, j: number) => ([heads[i], heads[j]] = [heads[j]!, heads[i]!]);
  const down = (from: number) => {
    for (let i = from; ;) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let least = i;
      if (l < heads.length && before(l, least)) least = l;
      if (r < heads.length && before(r, least)) least = r;
      if (least === i) return;
      swap(i, least);
      i = least;
    }
  };
  for (let i = (heads.length >>> 1) - 1; i >= 0; i--) down(i);
  let last: IndexedSkill | undefined;
  while (heads.length > 0) {
    const head = heads[0]!;
    const skill = head.list[head.at]!;
    if (skill !== last) yield skill;
    last = skill;
    head.at += 1;
    if (head.at === head.list.length) {
      swap(0, heads.length - 1);
      heads.pop();
    }
    down(0);
  }
}

/** Reads matches in order until the page is full and the count reaches its cap. */
export const collect = (skills: Iterable<IndexedSkill>, filter: WordIndexFilter, others: readonly ((skill: IndexedSkill) => boolean)[]): WordIndexPage => {
  const { offset, category, level } = filter;
  const minRating = Math.round(filter.minRating * 10);
  if (Array.isArray(skills) && minRating <= 0 && !category && !level && others.length === 0) {
    const all = skills as readonly IndexedSkill[];
    return { skills: all.slice(offset, offset + SHOWN), total: all.length };
  }
  // Past the cap only as far as the page needs (a page from offset 990 reads on to 1,011).
  const enough = Math.max(COUNTED, offset + SHOWN);
  const page: IndexedSkill[] = [];
  let total = 0;
  for (const skill of skills) {
    if (total >= enough) break;
    // In rating order: past the minimum rating nothing further passes.
    if (skill.rating < minRating) break;
    if ((category && skill.category !== category) || (level && skill.level !== level) || !others.every((test) => test(skill))) continue;
    if (total >= offset && page.length < SHOWN) page.push(skill);
    total += 1;
  }
  return { skills: page, total };
};
