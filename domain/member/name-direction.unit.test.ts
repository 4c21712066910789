import { describe, expect, it } from 'vitest';
import { profileTexts, validName } from './profile-rules.js';

describe('a member name and direction controls', () => {
  it('refuses embeddings, overrides and isolates with the readable text', () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(() => validName(`Ada${control}x`)).toThrow(profileTexts.nameDirectionControls);
    }
  });

  it('keeps the marks and any script', () => {
    expect(validName(' \u05E9\u05E8\u05D4\u200F Zoë Łukasz ')).toBe('\u05E9\u05E8\u05D4\u200F Zoë Łukasz');
  });
});
