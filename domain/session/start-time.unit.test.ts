import { describe, expect, it } from 'vitest';
import { texts } from './rules.js';
import { resolveStart } from './start-time.js';

describe('reading a chosen start', () => {
  it('takes a UTC instant as it is', () => {
    expect(resolveStart({ startsAt: '2026-03-04T10:00:00.000Z', date: '2026-01-01', time: '09:00' }, 'Asia/Tokyo')).toBe('2026-03-04T10:00:00.000Z');
  });

  it('reads a date and time on the member’s clock, across a DST change', () => {
    expect(resolveStart({ date: '2026-03-04', time: '05:00' }, 'America/New_York')).toBe('2026-03-04T10:00:00.000Z');
    expect(resolveStart({ date: '2026-03-09', time: '05:00:00' }, 'America/New_York')).toBe('2026-03-09T09:00:00.000Z');
  });

  it('gives null when the date or the time is missing, so the decider asks for both', () => {
    expect(resolveStart({ date: '2026-03-04', time: '' }, 'UTC')).toBeNull();
    expect(resolveStart({}, 'UTC')).toBeNull();
  });

  it('refuses dates and times that are not ones, and a time the clocks skip', () => {
    expect(() => resolveStart({ date: '2026-02-30', time: '10:00' }, 'UTC')).toThrow(texts.selectDateAndTime);
    expect(() => resolveStart({ date: '2026-03-04', time: '25:00' }, 'UTC')).toThrow(texts.selectDateAndTime);
    expect(() => resolveStart({ date: '2026-03-08', time: '02:30' }, 'America/New_York')).toThrow(texts.slotNotAvailable);
  });
});
