import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe("an avatar's initials", () => {
  it('takes the first letter of the first two words, upper-cased', () => {
    expect(initials('mia lopez')).toBe('ML');
    expect(initials("  Jean-Luc   O'Brien Smith ")).toBe('JO');
    expect(initials('Zoë Łukasz')).toBe('ZŁ');
  });

  it('never splits an emoji into a lone surrogate', () => {
    expect(initials('Carol 🎨 Chen')).toBe('CC');
    expect(initials('🎨 Carol')).toBe('C');
    expect(initials('🎨')).toBe('🎨');
    expect(initials('👩‍💻')).toBe('👩‍💻');
    const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const name of ['Carol 🎨 Chen', '🇪🇸', '🎨🎨']) expect(initials(name)).not.toMatch(loneSurrogate);
  });

  it('keeps a letter with its combining accent', () => {
    expect(initials('e\u0301lodie durand')).toBe('E\u0301D');
  });

  it('skips leading markup and punctuation', () => {
    expect(initials('<b>Mary</b> Jones')).toBe('MJ');
    expect(initials('<b>Mary')).toBe('M');
    expect(initials('"Quoted" name')).toBe('QN');
    expect(initials('(Ann)')).toBe('A');
  });

  it("shows '?' for a name with nothing to show", () => {
    expect(initials('   ')).toBe('?');
    expect(initials('<i></i>')).toBe('?');
  });
});
