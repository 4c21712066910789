// The skill search's word index, held in the server's memory (decision 178): each word of the skills'
// texts with its skills in rating order (ordered-reads.ts), and the words as a query resolves against
// them (vocabulary.ts). A search reads the front of its words' lists, so its cost follows the page and
// the count's cap, not the catalogue; nothing of it waits for PostgreSQL. The index is a copy of the
// skill_search read model, kept by search-index.ts. A skill matches when it has, for every query word,
// one of the words that query word stands for.
import type { IndexedSkill, WordIndexFilter, WordIndexPage } from './indexed-skill.js';
import { collect, merged, othersTest, placeOf, compare } from './ordered-reads.js';
import type { ParsedQuery } from './search-words.js';
import { Vocabulary } from './vocabulary.js';

const sameWords = (a: IndexedSkill, b: IndexedSkill) => a.words.length === b.words.length && a.words.every((w, i) => w === b.words[i]);

export class SkillWordIndex {
  /** @param placedMin changes up to this many are placed one by one whatever the index's size. */
  constructor(private readonly placedMin = 64) {}

  private readonly skills = new Map<string, IndexedSkill>();
  /** Every skill in order: the search without text. */
  private readonly ordered: IndexedSkill[] = [];
  /** Per word, its skills in order. */
  private readonly lists = new Map<string, IndexedSkill[]>();
  private readonly vocabulary = new Vocabulary();

  get size(): number {
    return this.skills.size;
  }

  /** Holds exactly these skills (a load): sorted once, rather than placed one by one. */
  reset(skills: readonly IndexedSkill[]): void {
    this.skills.clear();
    this.lists.clear();
    this.vocabulary.clear();
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
      this.vocabulary.learn(word);
    }
  }

  /**
   * A read's changes: placed one by one when they are few, else the lists built anew (placing a skill moves
   * the whole of each of its lists, about 0.3 ms for 50,000 skills, so thousands cost more than sorting).
   */
  apply(changed: readonly IndexedSkill[], removed: readonly string[]): void {
    if (changed.length + removed.length <= Math.max(this.placedMin, this.skills.size / 16)) {
      for (const id of removed) this.remove(id);
      for (const skill of changed) this.put(skill);
      return;
    }
    const all = new Map(this.skills);
    for (const id of removed) all.delete(id);
    for (const skill of changed) all.set(skill.id, skill);
    this.reset([...all.values()]);
  }

  /** Adds the skill, or replaces what the index held of it. */
  put(skill: IndexedSkill): void {
    const held = this.skills.get(skill.id);
    if (held && compare(held, skill) === 0 && sameWords(held, skill)) {
      // Same place in every list (a like, a new picture): swapped in place.
      this.skills.set(skill.id, skill);
      for (const list of [this.ordered, ...skill.words.map((w) => this.lists.get(w)!)]) list[placeOf(list, held)] = skill;
      return;
    }
    this.remove(skill.id);
    this.skills.set(skill.id, skill);
    this.ordered.splice(placeOf(this.ordered, skill), 0, skill);
    for (const word of skill.words) {
      let list = this.lists.get(word);
      if (!list) {
        list = [];
        this.lists.set(word, list);
        this.vocabulary.learn(word);
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
      this.vocabulary.forget(word);
    }
  }

  /** The words of the texts that a query word stands for. */
  candidates(word: string): string[] {
    return this.vocabulary.candidates(word);
  }

  /** One page of the matching skills from the offset, and their count up to the cap. */
  search(query: ParsedQuery, filter: WordIndexFilter): WordIndexPage {
    if (query.key === '') return collect(this.ordered, filter, []);
    // Text without a word (punctuation only) matches nothing.
    if (query.words.length === 0) return { skills: [], total: 0 };
    const candidates = query.words.map(({ word }) => this.candidates(word));
    if (candidates.some((words) => words.length === 0)) return { skills: [], total: 0 };
    // The query word with the fewest skills drives; every other must be among a skill's words.
    const lists = candidates.map((words) => words.map((w) => this.lists.get(w)!));
    const sizes = lists.map((ls) => ls.reduce((n, l) => n + l.length, 0));
    const driving = sizes.indexOf(Math.min(...sizes));
    const others = candidates.flatMap((words, i) => (i === driving ? [] : [othersTest(words, lists[i]!, sizes[i]!)]));
    return collect(merged(lists[driving]!), filter, others);
  }
}
