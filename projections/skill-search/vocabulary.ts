// The words of the skills' texts, as the in-memory word index resolves a query word against them
// (decisions 158, 177, 178): by typo forms (a word within one typo: their one-letter deletions meet) and,
// from three letters, by containing it ('sql' in 'postgresql'), found through the query word's rarest
// run of three letters. Words under four letters take no typo; words under three are matched whole.
import { TYPO_MIN_LENGTH, typoForms } from './search-words.js';

/** From this many letters a query word is also looked for inside the words of the texts. */
const INSIDE_MIN = 3;

/** The distinct runs of three letters of a word. */
const threesOf = (word: string): Set<string> => {
  const letters = [...word];
  const threes = new Set<string>();
  for (let i = 0; i + 3 <= letters.length; i++) threes.add(letters[i]! + letters[i + 1]! + letters[i + 2]!);
  return threes;
};

export class Vocabulary {
  /** Per typo form, the words that have it. */
  private readonly forms = new Map<string, Set<string>>();
  /** Per run of three letters, the words that contain it. */
  private readonly threes = new Map<string, Set<string>>();

  clear(): void {
    this.forms.clear();
    this.threes.clear();
  }

  learn(word: string): void {
    for (const form of typoForms(word)) addTo(this.forms, form, word);
    for (const three of threesOf(word)) addTo(this.threes, three, word);
  }

  forget(word: string): void {
    for (const form of typoForms(word)) removeFrom(this.forms, form, word);
    for (const three of threesOf(word)) removeFrom(this.threes, three, word);
  }

  /** The known words that a query word stands for. */
  candidates(word: string): string[] {
    const length = [...word].length;
    const found = new Set<string>();
    // 3-letter words only inside: a typo of three letters is another word (decision 158).
    if (length >= TYPO_MIN_LENGTH || length < INSIDE_MIN) {
      for (const form of length >= TYPO_MIN_LENGTH ? typoForms(word) : [word]) for (const w of this.forms.get(form) ?? []) found.add(w);
    }
    if (length >= INSIDE_MIN) {
      let rarest: ReadonlySet<string> = new Set();
      let first = true;
      for (const three of threesOf(word)) {
        const words = this.threes.get(three) ?? new Set<string>();
        if (first || words.size < rarest.size) rarest = words;
        first = false;
      }
      for (const w of rarest) if (w.includes(word)) found.add(w);
    }
    return [...found];
  }
}

const addTo = (map: Map<string, Set<string>>, key: string, word: string) => {
  const words = map.get(key);
  if (words) words.add(word);
  else map.set(key, new Set([word]));
};

const removeFrom = (map: Map<string, Set<string>>, key: string, word: string) => {
  const words = map.get(key)!;
  words.delete(word);
  if (words.size === 0) map.delete(key);
};
