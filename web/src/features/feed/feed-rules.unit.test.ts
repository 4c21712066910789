// The spec's numbers and texts are written out here on purpose: changing a constant must fail this test.
import { describe, expect, it } from 'vitest';
import { canReplyTo, postAge, postLink, shareText, splitNewPosts, triggerAt } from './feed-rules';

const now = Date.parse('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('post ages (spec 001 §2.3)', () => {
  it("says 'Just now' under an hour", () => {
    expect(postAge(ago(59 * 60_000), now)).toBe('Just now');
  });

  it("says '{n}h ago' from one hour to under a day", () => {
    expect(postAge(ago(60 * 60_000), now)).toBe('1h ago');
    expect(postAge(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23h ago');
  });

  it("says '{n}d ago' from one day to under seven", () => {
    expect(postAge(ago(24 * 3_600_000), now)).toBe('1d ago');
    expect(postAge(ago(6 * 86_400_000 + 23 * 3_600_000), now)).toBe('6d ago');
  });

  it('gives the date from seven days on', () => {
    expect(postAge('2026-11-18T12:00:00Z', now)).toBe('Nov 18, 2026');
  });

  it('reads a post from a clock slightly ahead as just now, never as a negative age', () => {
    expect(postAge(new Date(now + 5_000).toISOString(), now)).toBe('Just now');
  });
});

describe('sharing (spec 001 §8)', () => {
  it('links the post by its anchor on the feed', () => {
    expect(postLink('https://skillswap.test', 'p1')).toBe('https://skillswap.test/feed#post-p1');
  });

  it("takes the first 100 characters of the post, with '...' when longer", () => {
    expect(shareText('a'.repeat(100))).toBe('a'.repeat(100));
    expect(shareText('b'.repeat(101))).toBe(`${'b'.repeat(100)}...`);
  });
});

describe('reply depth (spec 001 §2.3: replies nest to depth 3)', () => {
  it('offers a reply box under comments of depth 0 to 2 and none under depth 3', () => {
    expect([0, 1, 2, 3].map(canReplyTo)).toEqual([true, true, true, false]);
  });
});

describe('the "new posts" pill', () => {
  const post = (id: string, author = 'someone') => ({ id, author: { id: author } });

  it('holds back posts that arrive above the ones shown, except the member’s own', () => {
    const { shown, waiting } = splitNewPosts([post('n1'), post('mine', 'me'), post('a'), post('b')], new Set(['a', 'b']), 'me');
    expect(shown.map((p) => p.id)).toEqual(['mine', 'a', 'b']);
    expect(waiting.map((p) => p.id)).toEqual(['n1']);
  });

  it('shows everything of a list seen for the first time, and posts added below (the next page)', () => {
    expect(splitNewPosts([post('a'), post('b')], new Set(), 'me').waiting).toEqual([]);
    expect(splitNewPosts([post('a'), post('c')], new Set(['a']), 'me').shown.map((p) => p.id)).toEqual(['a', 'c']);
  });
});

describe('suggestion triggers (spec 001 §5: from one character)', () => {
  it("finds the '@' name being typed, spaces included, and where it starts", () => {
    const text = 'Ask @Grace Ho';
    expect(triggerAt(text, text.length)).toEqual({ kind: '@', query: 'Grace Ho', start: 4 });
  });

  it("keeps the '@' name being typed whatever it holds: hyphens, apostrophes, emoji", () => {
    for (const name of ["Jean-Luc O'Br", 'Carol 🎨 Ch', 'Zoë Łu']) expect(triggerAt(`Hi @${name}`, name.length + 4)).toEqual({ kind: '@', query: name, start: 3 });
  });

  it("finds the '#' tag being typed after a mention of a name with spaces", () => {
    const text = '@Zoë Łukasz on #Rust';
    expect(triggerAt(text, text.length)).toEqual({ kind: '#', query: 'Rust', start: 15 });
  });

  it("finds the '#' tag being typed with a tag's characters", () => {
    const text = 'Learning #C+';
    expect(triggerAt(text, text.length)).toEqual({ kind: '#', query: 'C+', start: 9 });
  });

  it('suggests nothing before the first character, inside a word or an e-mail address', () => {
    expect(triggerAt('Ask @', 5)).toBeNull();
    expect(triggerAt('mail ada@example', 16)).toBeNull();
    expect(triggerAt('page#anchor', 11)).toBeNull();
  });
});
