// The skill search's word index, held in the server's memory (decision 178): each word of the skills'
// texts with its skills in rating order, and the words' typo forms. A search reads the front of its
// words' lists, so its cost follows the page and the count's cap, not the catalogue; nothing of it
// waits for PostgreSQL. The index is a copy of the skill_search read model, kept by search-index.ts.
//
// Matching (decisions 158 and 177): a query word stands for the words within one typo of it (their
// typo forms meet) and, from three letters, the words containing it ('sql' in 'postgresql'); words
// under four letters take no typo, words under three are matched whole. A skill matches when it has,
// for every query word, one of that word's candidates.
import { SKILL_SEARCH_COUNT_MAX, SKILL_SEARCH_PAGE } from '../../api/contracts/skill-search.js';
import type { ExperienceLevel } from '../../domain/member/events.js';
import { type ParsedQuery, TYPO_MIN_LENGTH, typoForms, wordsOf } from './search-words.js';
import type { SkillSearchRow } from './tables.js';

/** What the index keeps of a skill: the order, the filters, the words, and the card with who likes it. */
export interface IndexedSkill {
  id: string;
  rating: number;
  reviews: number;
  nameKey: string;
  category: string;
  level: ExperienceLevel;
  words: readonly string[];
  row: SkillSearchRow;
  likers: ReadonlySet<string>;
}

export interface WordIndexFilter {
  category?: string | undefined;
  level?: ExperienceLevel | undefined;
  /** Stars, e.g. 4.5: the rating as shown (to one decimal) must reach it. */
  minRating: number;
  offset: number;
}

export interface WordIndexPage {
  /** Up to SKILL_SEARCH_PAGE + 1 skills from the offset, in order: one more than shown tells of a next page. */
  skills: IndexedSkill[];
  /** The matches, counted up to SKILL_SEARCH_COUNT_MAX + 1. */
  total: number;
}

/** From this many letters a query word is also looked for inside the words of the texts. */
const INSIDE_MIN = 3;
const SHOWN = SKILL_SEARCH_PAGE + 1;
const COUNTED = SKILL_SEARCH_COUNT_MAX + 1;

/** The results' order (spec 001 §2.2): rating, then reviews, descending; then name and id. */
const compare = (a: IndexedSkill, b: IndexedSkill): number =>
  b.rating - a.rating || b.reviews - a.reviews || (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The first place in `list` (in order) where `skill` is or would be. */
const placeOf = (list: readonly IndexedSkill[], skill: IndexedSkill): number => {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(list[mid]!, skill) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
};

/** A skill as the index keeps it, from its read-model row: the words of its name, mentor, category and description. */
export const indexedSkillOf = (row: SkillSearchRow, likers: readonly string[]): IndexedSkill => ({
  id: row.skill_id,
  rating: Number(row.rating_tenths),
  reviews: Number(row.review_count),
  nameKey: row.name_key,
  category: row.category,
  level: row.experience_level,
  words: [...new Set([row.name, row.mentor_name, row.category, row.description].flatMap(wordsOf))],
  row,
  likers: new Set(likers),
});

export class SkillWordIndex {
  private readonly skills = new Map<string, IndexedSkill>();
  /** Every skill in order: the search without text. */
  private readonly ordered: IndexedSkill[] = [];
  /** Per word, its skills in order. */
  private readonly lists = new Map<string, IndexedSkill[]>();
  /** Per typo form, the words that have it. */
  private readonly forms = new Map<string, Set<string>>();
  /** Per three letters, the words that contain them: the words containing a query word are among those of its rarest three. */
  private readonly trigrams = new Map<string, string[]>();

  get size(): number {
    return this.skills.size;
  }

  /** Holds exactly these skills (a load): sorted once, rather than placed one by one. */
  reset(skills: readonly IndexedSkill[]): void {
    this.skills.clear();
    this.lists.clear();
    this.forms.clear();
    this.trigrams.clear();
    this.ordered.length = 0;
    for (const skill of skills) {
      this.skills.set(skill.id, skill);
      this.ordered.push(skill);
      for (const word of skill.words) {
        const list = this.lists.get(word);
        if (list) list.push(skill);
        else this.lists.set(word, [skill]);
      }
    }
    this.ordered.sort(compare);
    for (const [word, list] of this.lists) {
      list.sort(compare);
      this.learn(word);
    }
  }

  /** Adds the skill, or replaces what the index held of it. */
  put(skill: IndexedSkill): void {
    this.remove(skill.id);
    this.skills.set(skill.id, skill);
    this.ordered.splice(placeOf(this.ordered, skill), 0, skill);
    for (const word of skill.words) {
      let list = this.lists.get(word);
      if (!list) {
        list = [];
        this.lists.set(word, list);
        this.learn(word);
      }
      list.splice(placeOf(list, skill), 0, skill);
    }
  }

  remove(skillId: string): void {
    const skill = this.skills.get(skillId);
    if (!skill) return;
    this.skills.delete(skillId);
    this.ordered.splice(placeOf(this.ordered, skill), 1);
    for (const word of skill.words) {
      const list = this.lists.get(word)!;
      list.splice(placeOf(list, skill), 1);
      if (list.length > 0) continue;
      // A word no skill has any more is forgotten.
      this.lists.delete(word);
      this.forget(word);
    }
  }

  /** Files a new word under its typo forms and its threes. */
  private learn(word: string): void {
    for (const form of typoForms(word)) {
      const words = this.forms.get(form);
      if (words) words.add(word);
      else this.forms.set(form, new Set([word]));
    }
    for (const three of threesOf(word)) {
      const words = this.trigrams.get(three);
      if (words) words.push(word);
      else this.trigrams.set(three, [word]);
    }
  }

  private forget(word: string): void {
    for (const form of typoForms(word)) {
      const words = this.forms.get(form)!;
      words.delete(word);
      if (words.size === 0) this.forms.delete(form);
    }
    for (const three of threesOf(word)) {
      const words = this.trigrams.get(three)!;
      words.splice(words.indexOf(word), 1);
      if (words.length === 0) this.trigrams.delete(three);
    }
  }

  /** The words of the texts that a query word stands for. */
  candidates(word: string): string[] {
    const length = [...word].length;
    const found = new Set<string>();
    // 3-letter words only inside: a typo of three letters is another word (decision 158).
    if (length >= TYPO_MIN_LENGTH || length < INSIDE_MIN) {
      for (const form of length >= TYPO_MIN_LENGTH ? typoForms(word) : [word]) for (const w of this.forms.get(form) ?? []) found.add(w);
    }
    if (length >= INSIDE_MIN) {
      let rarest: readonly string[] | undefined;
      for (const three of threesOf(word)) {
        const words = this.trigrams.get(three) ?? [];
        if (!rarest || words.length < rarest.length) rarest = words;
      }
      for (const w of rarest!) if (w.includes(word)) found.add(w);
    }
    return [...found];
  }

  /** One page of the matching skills' ids from the offset, and their count up to the cap. */
  search(query: ParsedQuery, filter: WordIndexFilter): WordIndexPage {
    if (query.key === '') return collect(this.ordered, filter, [], filter.offset);
    const candidates = query.words.map(({ word }) => this.candidates(word));
    if (candidates.some((words) => words.length === 0)) return { skills: [], total: 0 };
    // The query word with the fewest skills drives; every other must be among a skill's words.
    const lists = candidates.map((words) => words.map((w) => this.lists.get(w)!));
    const sizes = lists.map((ls) => ls.reduce((n, l) => n + l.length, 0));
    const driving = sizes.indexOf(Math.min(...sizes));
    const others = candidates.flatMap((words, i) => (i === driving ? [] : [othersTest(words, lists[i]!, sizes[i]!)]));
    return collect(merged(lists[driving]!), filter, others, filter.offset);
  }
}

/** Whether a skill has one of a query word's candidates: a set of its skills when small, else the skill's words. */
const othersTest = (words: readonly string[], lists: readonly (readonly IndexedSkill[])[], size: number): ((skill: IndexedSkill) => boolean) => {
  if (size > OTHERS_SET_MAX) return (skill) => words.some((w) => skill.words.includes(w));
  const skills = new Set(lists.flat());
  return (skill) => skills.has(skill);
};
const OTHERS_SET_MAX = 4_000;

/** The skills of sorted lists in order, each once (a skill is in the lists of several of its words), read lazily. */
const merged = (lists: readonly (readonly IndexedSkill[])[]): Iterable<IndexedSkill> => (lists.length === 1 ? lists[0]! : mergeLists(lists));

function* mergeLists(lists: readonly (readonly IndexedSkill[])[]): Iterable<IndexedSkill> {
  const at = lists.map(() => 0);
  let last: IndexedSkill | undefined;
  for (;;) {
    let best: IndexedSkill | undefined;
    let from = -1;
    for (let i = 0; i < lists.length; i++) {
      const skill = lists[i]![at[i]!];
      if (skill && (!best || compare(skill, best) < 0)) [best, from] = [skill, i];
    }
    if (!best) return;
    at[from]! += 1;
    if (best !== last) yield best;
    last = best;
  }
}

/** Reads matches in order until the page is full and the count reaches its cap. */
const collect = (skills: Iterable<IndexedSkill>, filter: WordIndexFilter, others: readonly ((skill: IndexedSkill) => boolean)[], offset: number): WordIndexPage => {
  const minRating = Math.round(filter.minRating * 10);
  const { category, level } = filter;
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

/** The distinct runs of three letters of a word. */
const threesOf = (word: string): Set<string> => {
  const letters = [...word];
  const threes = new Set<string>();
  for (let i = 0; i + 3 <= letters.length; i++) threes.add(letters[i]! + letters[i + 1]! + letters[i + 2]!);
  return threes;
};
