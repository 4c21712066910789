// The typo test of decision 158: two words meet through their one-letter deletions exactly when they are
// within one typo (missing, added or wrong letter, or two neighbours swapped); short words only as typed.
import { describe, expect, it } from 'vitest';
import { containsPattern, formsQuery, parseQuery, typoForms, typoFormsOf, wordsOf } from './search-words.js';

const withinOneTypo = (a: string, b: string) => typoForms(a).some((form) => typoForms(b).includes(form));

describe('search words', () => {
  it('meets a word within one typo, in each of the four ways', () => {
    for (const typo of ['pyhton', 'pyton', 'pythonn', 'pithon', 'python']) expect(withinOneTypo(typo, 'python'), typo).toBe(true);
  });

  it('does not meet words two edits apart or merely alike', () => {
    for (const other of ['boston', 'typhon', 'pyhtno', 'pthn', 'pythonic']) expect(withinOneTypo(other, 'python'), other).toBe(false);
  });

  it('matches words under four letters only as typed: whole under three, inside the text at three', () => {
    expect(typoForms('go')).toEqual(['go']);
    expect(typoForms('sql')).toEqual(['sql']);
    expect(parseQuery('go sql pyhton').words).toEqual([
      { word: 'go', forms: ['go'] },
      { word: 'sql', forms: null },
      { word: 'pyhton', forms: typoForms('pyhton') },
    ]);
    expect(formsQuery([{ forms: ['go'] }, { forms: ['rust', 'ust', 'rst'] }])).toBe("('go') & ('rust' | 'ust' | 'rst')");
  });

  it('reads words of letters and digits in any script, lower case, once each', () => {
    expect(wordsOf('  Ruby on RAILS, C++ & Node.js 20  ')).toEqual(['ruby', 'on', 'rails', 'c', 'node', 'js', '20']);
    expect(wordsOf('Café Über')).toEqual(['café', 'über']);
    expect(new Set(typoFormsOf('Rust rust', 'RUST')).size).toBe(typoFormsOf('rust').length);
    expect(parseQuery('  Pyhton  ').key).toBe('pyhton');
  });

  it('takes the wildcards of a LIKE pattern literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
