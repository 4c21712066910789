import { describe, expect, it } from 'vitest';
import { holdsUnsafeText } from './text-input.js';

describe('the text input check', () => {
  it('finds a NUL or a lone surrogate anywhere in the input, keys included', () => {
    expect(holdsUnsafeText('a\u0000b')).toBe(true);
    expect(holdsUnsafeText({ name: 'x', skills: [{ name: '\ud800' }] })).toBe(true);
    expect(holdsUnsafeText({ ['k\u0000']: 'v' })).toBe(true);
    expect(holdsUnsafeText(['ok', '\udc00 trailing'])).toBe(true);
  });

  it('lets ordinary text through, emoji and other paired surrogates included', () => {
    expect(holdsUnsafeText({ bio: 'Teaches pottery 🏺 and Ελληνικά', n: 3, on: true, none: null })).toBe(false);
    expect(holdsUnsafeText(undefined)).toBe(false);
  });
});
