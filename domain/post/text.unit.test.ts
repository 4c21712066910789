import { describe, expect, it } from 'vitest';
import { extractTags, mentionCandidateNames, normaliseName, resolveMentions, skillNeededFor, tagText } from './text.js';

describe('#tags', () => {
  it('finds distinct tags in order, keeping the first spelling', () => {
    expect(extractTags('#React and #typescript, then #react again')).toEqual(['React', 'typescript']);
  });

  it('keeps C++, C# and Node.js whole and drops the sentence’s full stop', () => {
    expect(extractTags('Learning #C++ or #C# with #Node.js.')).toEqual(['C++', 'C#', 'Node.js']);
  });

  it('sees no tag inside a word, a link’s fragment, or a bare #', () => {
    expect(extractTags('see https://example.com/page#section, issue#12, # alone, ##')).toEqual([]);
    expect(extractTags('(#design) "#ux"')).toEqual(['design', 'ux']);
  });

  it('reads underscores as spaces, so a skill of several words is one tag, written as the suggestions write it', () => {
    expect(tagText(' Rust  ownership ')).toBe('Rust_ownership');
    expect(extractTags(`Learning #${tagText('Rust ownership')} and #rust_Ownership, #__init__`)).toEqual(['Rust ownership', 'init']);
    expect(skillNeededFor(null, '#UI_Design help')).toBe('UI Design');
  });

  it('cuts a tag to 50 characters', () => {
    expect(extractTags(`#${'a'.repeat(60)}`)).toEqual(['a'.repeat(50)]);
  });
});

describe('the skill needed', () => {
  it('is the one given, else the first #tag, else General Help', () => {
    expect(skillNeededFor(' Figma ', 'about #React')).toBe('Figma');
    expect(skillNeededFor(null, 'about #React and #Vue')).toBe('React');
    expect(skillNeededFor('', 'no tags here')).toBe('General Help');
  });
});

describe('@mentions', () => {
  const known = new Map([
    ['ada lovelace', 'id-ada'],
    ['ada', 'id-ada-short'],
    ['bob', 'id-bob'],
    ['the s brain', 'id-ai'],
  ]);

  it('offers every word prefix of each mention as a name to look up, normalised', () => {
    expect(mentionCandidateNames('Hi @Ada  Lovelace can you')).toEqual(['ada lovelace can you', 'ada lovelace can', 'ada lovelace', 'ada']);
    expect(normaliseName('  Ada \t Lovelace ')).toBe('ada lovelace');
  });

  it('resolves each mention to the longest name that is a member, with its span as written', () => {
    const text = 'Hi @Ada  Lovelace and @bob, ask @The S brain!';
    const { memberIds, mentions } = resolveMentions(text, known);
    expect(memberIds).toEqual(['id-ada', 'id-bob', 'id-ai']);
    expect(mentions.map((m) => text.slice(m.start, m.end))).toEqual(['@Ada  Lovelace', '@bob', '@The S brain']);
    expect(mentions[0]).toMatchObject({ name: 'Ada  Lovelace', memberId: 'id-ada' });
  });

  it('leaves names that are no member as text, ignores e-mail addresses and counts a member once', () => {
    expect(resolveMentions('@nobody here, mail ada@example.com', known).memberIds).toEqual([]);
    expect(resolveMentions('@bob @Bob @BOB', known)).toMatchObject({ memberIds: ['id-bob'] });
    expect(resolveMentions('@bob @Bob', known).mentions).toHaveLength(2);
  });

  it('mentions members whose names hold emoji, hyphens, apostrophes or diacritics, the longest name first', () => {
    const names = new Map([
      ["jean-luc o'brien", 'id-jean-luc'],
      ['jean', 'id-jean'],
      ['carol 🎨 chen', 'id-carol'],
      ['zoë łukasz', 'id-zoe'],
    ]);
    const text = "@Jean-Luc O'Brien, @carol 🎨 Chen! and @ZOË ŁUKASZ's idea; @Jean-Paul";
    const { memberIds, mentions } = resolveMentions(text, names);
    expect(memberIds).toEqual(['id-jean-luc', 'id-carol', 'id-zoe', 'id-jean']);
    expect(mentions.map((m) => text.slice(m.start, m.end))).toEqual(["@Jean-Luc O'Brien", '@carol 🎨 Chen', '@ZOË ŁUKASZ', '@Jean']);
  });

  it('never ends a name inside a word or inside an emoji', () => {
    expect(resolveMentions('@Adam and @bobby', known).memberIds).toEqual([]);
    expect(mentionCandidateNames('@Carol 👩‍💻x')).toEqual(['carol 👩‍💻x', 'carol']);
  });

  it('reads a long name of many words whole', () => {
    const name = 'María de la Cruz y Pérez-López';
    expect(resolveMentions(`thanks @${name}!`, new Map([[normaliseName(name), 'id-maria']])).memberIds).toEqual(['id-maria']);
  });
});
