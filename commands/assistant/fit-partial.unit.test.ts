import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitPartial } from './answer-request.js';

const sent = (text: string) => Buffer.byteLength(JSON.stringify(text));

describe('the partial answer sent with ai_status', () => {
  it('keeps a short answer whole', () => {
    expect(fitPartial('Try grid.')).toBe('Try grid.');
  });

  it('cuts any answer to a prefix that stays under 6,000 bytes once JSON-escaped, so the NOTIFY fits', () => {
    const awkward = fc.constantFrom('"', '\\', '\n', '\u0001', 'é', '💡', 'a', '\uD83D');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 9000 }),
          fc.array(awkward, { maxLength: 9000 }).map((parts) => parts.join('')),
        ),
        (text) => {
          const cut = fitPartial(text);
          expect(text.startsWith(cut)).toBe(true);
          expect(sent(cut)).toBeLessThanOrEqual(6000);
          if (sent(text) <= 6000) expect(cut).toBe(text);
        },
      ),
      { numRuns: 200 },
    );
    expect(sent(fitPartial('"'.repeat(5000)))).toBeLessThanOrEqual(6000);
    expect(fitPartial('"'.repeat(5000)).length).toBeGreaterThan(2900);
  });
});
