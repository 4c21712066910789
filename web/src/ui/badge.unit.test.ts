import { describe, expect, it } from 'vitest';
import { countBadgeText } from './badge';

describe('the notification count badge', () => {
  it('shows nothing at zero, the count up to 9, and 9+ above 9', () => {
    expect([0, 1, 9, 10, 250].map(countBadgeText)).toEqual([null, '1', '9', '9+', '9+']);
  });
});
