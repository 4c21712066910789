import { describe, expect, it } from 'vitest';
import { previewOf, textSegments } from './feed-text.js';

describe('rendering a post’s text', () => {
  const known = new Map([['ada lovelace', 'id-ada']]);

  it('splits text into plain text, mentions, tags and links, losing no character', () => {
    const text = 'Hi @Ada Lovelace, see https://example.com/a?b=1. #React <b>bold</b>';
    const segments = textSegments(text, known);
    expect(segments).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@Ada Lovelace', memberId: 'id-ada' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. ' },
      { kind: 'tag', text: '#React', tag: 'React' },
      { kind: 'text', text: ' <b>bold</b>' },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('keeps a name that is no member, and an address that is not http(s), as text', () => {
    expect(textSegments('@Bob javascript:alert(1)', known)).toEqual([{ kind: 'text', text: '@Bob javascript:alert(1)' }]);
  });

  it('previews the first characters with ... when longer', () => {
    expect(previewOf('x'.repeat(51), 50)).toBe(`${'x'.repeat(50)}...`);
    expect(previewOf('short', 50)).toBe('short');
  });
});
