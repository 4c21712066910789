import { describe, expect, it } from 'vitest';
import { addDays, addMonths, existsLocally, fromLocal, isValidTimeZone, toLocal } from './zoned-time.js';

describe('zoned time', () => {
  it('converts wall-clock times to instants on either side of a DST change', () => {
    expect(new Date(fromLocal({ year: 2026, month: 3, day: 7 }, 9 * 60, 'America/New_York')).toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(new Date(fromLocal({ year: 2026, month: 3, day: 9 }, 9 * 60, 'America/New_York')).toISOString()).toBe('2026-03-09T13:00:00.000Z');
    expect(new Date(fromLocal({ year: 2026, month: 3, day: 2 }, 9 * 60, 'Asia/Kolkata')).toISOString()).toBe('2026-03-02T03:30:00.000Z');
  });

  it('moves a skipped time forward and picks the earlier of a repeated one', () => {
    const springForward = { year: 2026, month: 3, day: 8 };
    expect(existsLocally(springForward, 150, 'America/New_York')).toBe(false);
    expect(new Date(fromLocal(springForward, 150, 'America/New_York')).toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    const fallBack = { year: 2026, month: 11, day: 1 };
    expect(existsLocally(fallBack, 90, 'America/New_York')).toBe(true);
    expect(new Date(fromLocal(fallBack, 90, 'America/New_York')).toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
  });

  it('reads the local date, time and weekday of an instant', () => {
    expect(toLocal(Date.parse('2026-03-31T00:30:00.000Z'), 'Asia/Tokyo')).toEqual({
      year: 2026,
      month: 3,
      day: 31,
      hour: 9,
      minute: 30,
      weekday: 'Tuesday',
    });
    expect(toLocal(Date.parse('2026-03-31T00:30:00.000Z'), 'America/Los_Angeles')).toMatchObject({ day: 30, hour: 17, weekday: 'Monday' });
  });

  it('reads UTC without the formatter exactly as the formatter would, to the whole second', () => {
    const instants = [Date.parse('2026-03-31T23:59:59.999Z'), Date.parse('1969-12-31T23:59:59.500Z'), Date.parse('2026-01-01T00:00:00.000Z'), 1_777_777_777_777];
    for (const ms of instants) expect(toLocal(ms, 'UTC')).toEqual(toLocal(ms, 'Etc/UTC'));
    expect(toLocal(Date.parse('2026-03-31T23:59:59.999Z'), 'UTC')).toEqual({ year: 2026, month: 3, day: 31, hour: 23, minute: 59, weekday: 'Tuesday' });
    expect(new Date(fromLocal({ year: 2026, month: 3, day: 29 }, 150, 'UTC')).toISOString()).toBe('2026-03-29T02:30:00.000Z');
  });

  it('does calendar arithmetic without a time zone', () => {
    expect(addDays({ year: 2026, month: 3, day: 31 }, 1)).toEqual({ year: 2026, month: 4, day: 1 });
    expect(addMonths(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
  });

  it('answers the same when asked again, also after its memory of answers was emptied', () => {
    // 25,000 quarter-hours from before to after the spring change in Berlin: more than it remembers.
    const start = Date.parse('2026-03-28T00:00:00Z');
    const instants = Array.from({ length: 25_000 }, (_, i) => start - 100 * 86_400_000 + i * 900_000);
    const first = instants.map((ms) => toLocal(ms, 'Europe/Berlin'));
    const again = instants.map((ms) => toLocal(ms, 'Europe/Berlin'));
    expect(again).toEqual(first);
    expect(toLocal(Date.parse('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toMatchObject({ hour: 1, minute: 59 });
    expect(toLocal(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toMatchObject({ hour: 3, minute: 0 });
    expect(toLocal(Date.parse('2026-03-29T01:00:00Z'), 'Asia/Kolkata')).toMatchObject({ hour: 6, minute: 30 });
  });

  it('recognises IANA zones', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Not/AZone')).toBe(false);
  });
});
