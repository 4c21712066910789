import { describe, expect, it } from 'vitest';
import { endClock, formatDuration, monthOffsetOfDate, recentAgo, relativeAge, tabOfStatus } from './session-format';

const NOW = Date.parse('2026-12-07T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('session words and times', () => {
  it('puts each status in its dashboard tab', () => {
    const statuses = ['requested', 'pending', 'confirmed', 'modification_pending', 'completed', 'cancelled', 'declined', 'rejected', 'unheard-of'];
    expect(statuses.map(tabOfStatus)).toEqual(['requested', 'requested', 'upcoming', 'upcoming', 'completed', 'history', 'history', 'history', null]);
  });

  it("shows ages as spec 000 §9 says: under an hour 'Just now', then hours and days", () => {
    const ages = [30_000, 3 * 60_000, 59 * 60_000 + 59_000, 3_600_000, 3 * 3_600_000, 23 * 3_600_000 + 59 * 60_000, 86_400_000, 2 * 86_400_000, 6 * 86_400_000];
    expect(ages.map((ms) => relativeAge(ago(ms), NOW))).toEqual(['Just now', 'Just now', 'Just now', '1h ago', '3h ago', '23h ago', '1d ago', '2d ago', '6d ago']);
    expect(relativeAge(ago(8 * 86_400_000), NOW)).toMatch(/2026/);
  });

  it("says when a reschedule was approved, within the 24-hour 'recent' window only", () => {
    expect(recentAgo(ago(60_000), NOW)).toBe('1 minute ago');
    expect(recentAgo(ago(42 * 60_000), NOW)).toBe('42 minutes ago');
    expect(recentAgo(ago(5 * 3_600_000), NOW)).toBe('5 hours ago');
    expect(recentAgo(ago(25 * 3_600_000), NOW)).toBeNull();
    expect(recentAgo(null, NOW)).toBeNull();
  });

  it('computes end times, durations and month offsets', () => {
    expect([endClock('09:00', 0.75), endClock('23:30', 1)]).toEqual(['09:45', '00:30']);
    expect([0.75, 1, 1.5].map(formatDuration)).toEqual(['45 minutes', '1 hour', '1.5 hours']);
    expect(monthOffsetOfDate('2027-01-04', new Date(2026, 11, 20))).toBe(1);
  });
});
