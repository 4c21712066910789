import { describe, expect, it } from 'vitest';
import type { AvailableSlots } from '@contracts/sessions';
import { sessionCost as costOf } from '@contracts/sessions';
import { clampOffset, datesWithSlots, greetingMessage, insufficientText, isFree, monthLabel, timesOn } from './booking-rules';

const slot = (date: string, time: string) => ({ date, time, startsAt: `${date}T${time}:00.000Z` });
const slots: AvailableSlots = {
  availableSlots: [slot('2026-12-08', '10:00'), slot('2026-12-07', '09:00'), slot('2026-12-07', '11:00')],
  bookedSlots: [slot('2026-12-07', '10:00')],
};

describe('the booking panel', () => {
  it('rounds the cost up from duration and price', () => {
    expect([costOf(0.75, 1), costOf(1, 1), costOf(1.5, 1), costOf(0.75, 3), costOf(1.5, 5)]).toEqual([1, 1, 2, 3, 8]);
    expect(insufficientText(2)).toBe('You need 2 point(s) to request this session');
  });

  it('offers the dates that have a free start, and each date’s times with the taken ones marked', () => {
    expect(datesWithSlots(slots)).toEqual(['2026-12-07', '2026-12-08']);
    expect(timesOn(slots, '2026-12-07')).toEqual([
      { time: '09:00', booked: false },
      { time: '10:00', booked: true },
      { time: '11:00', booked: false },
    ]);
    expect(isFree(slots, '2026-12-07', '10:00')).toBe(false);
    expect(isFree(slots, '2026-12-07', '11:00')).toBe(true);
  });

  it('browses one month back and one forward only', () => {
    expect([-3, -1, 0, 1, 2].map(clampOffset)).toEqual([-1, -1, 0, 1, 1]);
    expect(monthLabel(1, new Date(2026, 11, 15))).toMatch(/January.*2027/);
  });

  it('starts the profile message with a greeting that asks for availability', () => {
    expect(greetingMessage('Ada Lovelace', 'Analytical Engines')).toMatch(/^Hi Ada! .*Analytical Engines.*available/);
  });
});
