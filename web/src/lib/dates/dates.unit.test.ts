import { describe, expect, it } from 'vitest';
import { endClock, formatClock, formatDate, formatDateTime, formatDay, formatDayName, monthAt, monthOffsetOfDate, recentAgo, relativeAge } from './index';

const NOW = Date.parse('2026-12-07T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('session days and clock times (wall-clock values in the member zone)', () => {
  it('formats a day long and short, and names it for a calendar cell', () => {
    expect(formatDay('2025-05-12')).toBe('Mon, May 12, 2025');
    expect(formatDay('2025-05-12', 'short')).toBe('Mon, May 12');
    expect(formatDayName('2025-5-12')).toBe('Monday, May 12');
  });

  it('formats clock times on a 12-hour clock', () => {
    expect(['00:00', '09:05', '12:00', '14:00', '23:45'].map(formatClock)).toEqual(['12:00 AM', '9:05 AM', '12:00 PM', '2:00 PM', '11:45 PM']);
  });

  it('keeps times that a DST change skips or repeats in the browser zone (they are wall-clock values)', () => {
    // 2026-03-29 02:30 does not exist in Europe; 2026-11-01 01:30 happens twice in New York.
    expect(formatDay('2026-03-29')).toBe('Sun, Mar 29, 2026');
    expect(formatClock('02:30')).toBe('2:30 AM');
    expect(formatDay('2026-11-01')).toBe('Sun, Nov 1, 2026');
    expect(formatClock('01:30')).toBe('1:30 AM');
    expect(endClock('01:30', 1)).toBe('02:30');
  });

  it('computes end times past midnight', () => {
    expect([endClock('09:00', 0.75), endClock('23:30', 1), endClock('14:00', 1.5)]).toEqual(['09:45', '00:30', '15:30']);
  });
});

describe('instants in a time zone', () => {
  it('shows a review time in the zone it names, on either side of a DST change', () => {
    expect(formatDateTime('2026-03-29T00:30:00Z', 'Europe/Berlin')).toBe('Mar 29, 2026, 1:30 AM');
    expect(formatDateTime('2026-03-29T01:30:00Z', 'Europe/Berlin')).toBe('Mar 29, 2026, 3:30 AM');
    expect(formatDateTime('2026-11-01T05:30:00Z', 'America/New_York')).toBe('Nov 1, 2026, 1:30 AM');
    expect(formatDateTime('2026-11-01T06:30:00Z', 'America/New_York')).toBe('Nov 1, 2026, 1:30 AM');
    expect(formatDateTime('2026-12-07T23:30:00Z', 'Asia/Tokyo')).toBe('Dec 8, 2026, 8:30 AM');
  });

  it("falls back to the browser's zone for a zone it does not know, and says nothing for a bad date", () => {
    expect(formatDateTime('2026-12-07T12:00:00Z', 'Not/AZone')).toMatch(/^Dec [78], 2026, /);
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(formatDate('nonsense')).toBe('');
  });
});

describe('ages and months', () => {
  it("shows ages as spec 000 §9 says: under an hour 'Just now', then hours and days, then the date", () => {
    const ages = [30_000, 59 * 60_000 + 59_000, 3_600_000, 23 * 3_600_000 + 59 * 60_000, 86_400_000, 6 * 86_400_000];
    expect(ages.map((ms) => relativeAge(ago(ms), NOW))).toEqual(['Just now', 'Just now', '1h ago', '23h ago', '1d ago', '6d ago']);
    expect(relativeAge(ago(30 * 86_400_000), NOW)).toMatch(/^Nov [67], 2026$/);
    expect(relativeAge(new Date(NOW + 60_000).toISOString(), NOW)).toBe('Just now');
  });

  it("says 'n minutes ago' within the 24-hour window only", () => {
    expect(recentAgo(ago(60_000), NOW)).toBe('1 minute ago');
    expect(recentAgo(ago(5 * 3_600_000), NOW)).toBe('5 hours ago');
    expect(recentAgo(ago(25 * 3_600_000), NOW)).toBeNull();
  });

  it('moves between months across a year end', () => {
    const today = new Date(2026, 11, 20);
    expect(monthOffsetOfDate('2027-01-04', today)).toBe(1);
    expect(monthOffsetOfDate('2026-11-30', today)).toBe(-1);
    expect(monthAt(1, today)).toEqual({ year: 2027, month: 1, label: 'January 2027' });
    expect(monthAt(-1, new Date(2026, 0, 31))).toEqual({ year: 2025, month: 12, label: 'December 2025' });
  });
});
