import { describe, expect, it } from 'vitest';
import { isFreshMark, retryUnauthorized, SIGN_IN_MARK_TTL_MS } from './sign-in-mark';

describe('retrying a 401 from /api/user only right after a sign-in', () => {
  it('never retries for a visitor who did not just sign in', () => {
    expect(retryUnauthorized(0, false)).toBe(false);
  });

  it('retries three times after a sign-in, then gives up', () => {
    expect([0, 1, 2, 3].map((failures) => retryUnauthorized(failures, true))).toEqual([true, true, true, false]);
  });

  it('takes a mark for a sign-in for ten minutes, and nothing else', () => {
    const now = 1_800_000_000_000;
    expect(SIGN_IN_MARK_TTL_MS).toBe(10 * 60_000);
    expect(isFreshMark(String(now - 10 * 60_000), now)).toBe(true);
    expect(isFreshMark(String(now - 10 * 60_000 - 1), now)).toBe(false);
    expect(isFreshMark(String(now + 1), now)).toBe(false);
    expect(isFreshMark(null, now)).toBe(false);
    expect(isFreshMark('yesterday', now)).toBe(false);
  });
});
