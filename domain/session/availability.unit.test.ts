import { describe, expect, it } from 'vitest';
import type { Availability } from '../member/events.js';
import { DomainError } from '../shared.js';
import { availableSlots, isStartAvailable, mutualAvailability } from './availability.js';
import type { AvailableSlotsQuery, SlotTime } from './availability.js';

const MARCH_1 = '2026-03-01T12:00:00.000Z'; // a Sunday, 1 March in every zone used here; US clocks change on 8 March, UK ones on 29 March
const mondays = (startTime: string, endTime: string): Availability[] => [{ day: 'Monday', startTime, endTime }];

const query = (overrides: Partial<AvailableSlotsQuery> = {}): AvailableSlotsQuery => ({
  availability: mondays('09:00', '11:00'),
  mentorTimeZone: 'America/New_York',
  durationHours: 1,
  monthOffset: 0,
  now: MARCH_1,
  booked: [],
  viewerTimeZone: 'America/New_York',
  ...overrides,
});

const show = (slots: SlotTime[]) => slots.map((s) => `${s.date} ${s.time}`);
const on = (date: string, slots: SlotTime[]) => slots.filter((s) => s.date === date).map((s) => s.time);

describe('available slots', () => {
  it('keeps the mentor’s wall-clock hours across both DST changes, shown in the viewer’s zone', () => {
    const { availableSlots: slots, bookedSlots } = availableSlots(query({ viewerTimeZone: 'Europe/London' }));
    expect(show(slots)).toEqual([
      '2026-03-02 14:00',
      '2026-03-02 15:00', // New York UTC-5, London UTC+0
      '2026-03-09 13:00',
      '2026-03-09 14:00', // New York has sprung forward, London not yet
      '2026-03-16 13:00',
      '2026-03-16 14:00',
      '2026-03-23 13:00',
      '2026-03-23 14:00',
      '2026-03-30 14:00',
      '2026-03-30 15:00', // both on summer time
    ]);
    expect(slots[0]?.startsAt).toBe('2026-03-02T14:00:00.000Z');
    expect(slots[2]?.startsAt).toBe('2026-03-09T13:00:00.000Z');
    expect(bookedSlots).toEqual([]);
  });

  it('skips the hour that does not exist on the day clocks go forward', () => {
    const sundays: Availability[] = [{ day: 'Sunday', startTime: '01:00', endTime: '04:00' }];
    const { availableSlots: slots } = availableSlots(query({ availability: sundays }));
    expect(on('2026-03-15', slots)).toEqual(['01:00', '02:00', '03:00']);
    expect(on('2026-03-08', slots)).toEqual(['01:00', '03:00']);
  });

  it('offers each repeated hour once on the day clocks go back', () => {
    const sundays: Availability[] = [{ day: 'Sunday', startTime: '00:00', endTime: '03:00' }];
    const { availableSlots: slots } = availableSlots(query({ availability: sundays, now: '2026-10-15T00:00:00.000Z', monthOffset: 1 }));
    expect(slots.filter((s) => s.date === '2026-11-01').map((s) => `${s.time} ${s.startsAt}`)).toEqual([
      '00:00 2026-11-01T04:00:00.000Z',
      '01:00 2026-11-01T05:00:00.000Z',
      '02:00 2026-11-01T07:00:00.000Z',
    ]);
  });

  it('offers only starts where the whole duration fits inside a window', () => {
    expect(on('2026-03-02', availableSlots(query({ durationHours: 1.5 })).availableSlots)).toEqual(['09:00']);
    expect(on('2026-03-02', availableSlots(query({ durationHours: 0.75 })).availableSlots)).toEqual(['09:00', '10:00']);
  });

  it('joins windows that touch, so a session may span both', () => {
    const split: Availability[] = [...mondays('10:00', '12:00'), ...mondays('09:00', '10:00')];
    expect(on('2026-03-02', availableSlots(query({ availability: split, durationHours: 1.5 })).availableSlots)).toEqual(['09:00', '10:00']);
  });

  it('moves starts overlapped by a booked session into bookedSlots', () => {
    const result = availableSlots(query({ availability: mondays('09:00', '13:00'), booked: [{ startsAt: '2026-03-09T14:00:00.000Z', durationHours: 1.5 }] }));
    expect(on('2026-03-09', result.availableSlots)).toEqual(['09:00', '12:00']);
    expect(show(result.bookedSlots)).toEqual(['2026-03-09 10:00', '2026-03-09 11:00']);
  });

  it('leaves out starts that are not after now', () => {
    const result = availableSlots(query({ availability: mondays('09:00', '13:00'), now: '2026-03-09T15:00:00.000Z' }));
    expect(on('2026-03-09', result.availableSlots)).toEqual(['12:00']);
    expect(result.availableSlots[0]?.date).toBe('2026-03-09');
  });

  it('lists the viewer’s month, which may differ from the mentor’s dates', () => {
    const tuesdayEvening: Availability[] = [{ day: 'Tuesday', startTime: '20:00', endTime: '21:00' }];
    const tokyo = { availability: tuesdayEvening, viewerTimeZone: 'Asia/Tokyo' };
    const march = availableSlots(query(tokyo)).availableSlots;
    expect(show(march)).toEqual(['2026-03-04 10:00', '2026-03-11 09:00', '2026-03-18 09:00', '2026-03-25 09:00']);
    expect(show(availableSlots(query({ ...tokyo, monthOffset: 1 })).availableSlots)[0]).toBe('2026-04-01 09:00');
  });

  it('browses one month either side and refuses further', () => {
    expect(availableSlots(query({ monthOffset: -1 })).availableSlots).toEqual([]); // February is past
    expect(availableSlots(query({ monthOffset: 1 })).availableSlots[0]?.date).toBe('2026-04-06');
    expect(() => availableSlots(query({ monthOffset: 2 }))).toThrow(DomainError);
  });

  it('refuses durations that are not offered and unknown time zones', () => {
    expect(() => availableSlots(query({ durationHours: 2 }))).toThrow(/45 minutes, 1 hour or 1.5 hours/);
    expect(() => availableSlots(query({ viewerTimeZone: 'Mars/Olympus' }))).toThrow(/Unknown time zone/);
  });

  it('falls back to hourly slots 9:00-18:00 for the next 14 days when the mentor set no availability', () => {
    const { availableSlots: slots } = availableSlots(query({ availability: [], now: '2026-03-10T12:00:00.000Z' }));
    expect(slots).toHaveLength(14 * 9);
    expect(show(slots)[0]).toBe('2026-03-10 09:00');
    expect(show(slots).at(-1)).toBe('2026-03-23 17:00');
  });
});

describe('checking a requested start', () => {
  const london = { ...query({ viewerTimeZone: 'Europe/London' }) };

  it('accepts a start that is among the available slots, including next month', () => {
    expect(isStartAvailable({ ...london, startsAt: '2026-03-09T13:00:00.000Z' })).toBe(true);
    expect(isStartAvailable({ ...london, startsAt: '2026-04-06T13:00:00.000Z' })).toBe(true);
  });

  it('refuses starts outside availability, booked, past or beyond next month', () => {
    expect(isStartAvailable({ ...london, startsAt: '2026-03-09T15:00:00.000Z' })).toBe(false); // 11:00 in New York, window ends 11:00
    expect(isStartAvailable({ ...london, startsAt: '2026-03-09T13:30:00.000Z' })).toBe(false); // not on the hour
    const booked = [{ startsAt: '2026-03-09T13:00:00.000Z', durationHours: 1 }];
    expect(isStartAvailable({ ...london, booked, startsAt: '2026-03-09T13:00:00.000Z' })).toBe(false);
    expect(isStartAvailable({ ...london, now: '2026-03-09T13:00:00.000Z', startsAt: '2026-03-09T13:00:00.000Z' })).toBe(false);
    expect(isStartAvailable({ ...london, startsAt: '2026-05-04T13:00:00.000Z' })).toBe(false);
    expect(isStartAvailable({ ...london, startsAt: 'whenever' })).toBe(false);
  });
});

describe('checking a requested start directly agrees with availableSlots', () => {
  const QUARTER = 15 * 60_000;
  const DAY = 86_400_000;
  // Zones with DST in both hemispheres, half- and quarter-hour offsets, a 30-minute DST shift, the
  // date line either side, and none at all.
  const zones = [
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'America/St_Johns',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
    'UTC',
  ];
  const availabilities: Availability[][] = [
    [
      { day: 'Sunday', startTime: '00:00', endTime: '03:30' }, // across both DST changes of the northern zones
      { day: 'Monday', startTime: '09:00', endTime: '12:00' },
      { day: 'Monday', startTime: '12:00', endTime: '15:45' }, // touching windows merge
      { day: 'Wednesday', startTime: '22:00', endTime: '23:59' },
      { day: 'Saturday', startTime: '01:30', endTime: '04:00' }, // the 30-minute Lord Howe change; a half-hour first entry
    ],
    [
      { day: 'Sunday', startTime: '01:00', endTime: '04:00' },
      { day: 'Sunday', startTime: '02:00', endTime: '02:45' },
    ],
    [], // the 14-day fallback
  ];
  // March and April: northern spring forward, southern fall back; October and November: the reverse.
  const nows = ['2026-03-04T10:17:00.000Z', '2026-10-20T23:00:00.000Z'];
  const durations = [0.75, 1, 1.5];
  const booked = [
    { startsAt: '2026-03-09T14:00:00.000Z', durationHours: 1.5 },
    { startsAt: '2026-11-01T05:00:00.000Z', durationHours: 1 },
  ];

  it('over every quarter-hour start of three months, many zones and both DST seasons', () => {
    let offered = 0;
    let checked = 0;
    zones.forEach((mentorTimeZone, z) => {
      const viewerTimeZone = zones[(z + 3) % zones.length]!;
      availabilities.forEach((availability, a) => {
        for (const now of nows) {
          const durationHours = durations[(z + a) % durations.length]!;
          const base = { availability, mentorTimeZone, durationHours, now, booked: z % 2 === 0 ? booked : [], viewerTimeZone };
          const expected = new Set<number>();
          for (const monthOffset of [-1, 0, 1]) {
            for (const slot of availableSlots({ ...base, monthOffset }).availableSlots) expected.add(Date.parse(slot.startsAt));
          }
          const nowMs = Date.parse(now);
          // Every start before now is refused; three days of them are enough to see that.
          const from = Math.floor(nowMs / QUARTER) * QUARTER - 3 * DAY;
          for (let start = from; start <= nowMs + 75 * DAY; start += QUARTER) {
            const startsAt = new Date(start).toISOString();
            const got = isStartAvailable({ ...base, startsAt });
            if (got !== expected.has(start)) throw new Error(`${startsAt} ${mentorTimeZone} -> ${viewerTimeZone} ${durationHours}h set ${a}: direct ${got}`);
            if (got) offered += 1;
            checked += 1;
          }
          // Off the minute grid is never offered.
          expect(isStartAvailable({ ...base, startsAt: new Date([...expected][0]! + 30_000).toISOString() })).toBe(false);
        }
      });
    });
    expect(checked).toBeGreaterThan(100_000);
    expect(offered).toBeGreaterThan(1_000);
  }, 30_000);
});

describe('mutual availability', () => {
  const me = { availability: mondays('09:00', '12:00'), timeZone: 'Europe/London', booked: [] };
  const berlin = { availability: mondays('11:00', '14:00'), timeZone: 'Europe/Berlin', booked: [] };

  it('classifies each calendar hour as mutual, only mine or only theirs, in the viewer’s zone', () => {
    const result = mutualAvailability({ me, other: berlin, durationHours: 1, monthOffset: 0, now: MARCH_1 });
    expect(on('2026-03-02', result.mutualSlots)).toEqual(['10:00', '11:00']);
    expect(on('2026-03-02', result.userSlots)).toEqual(['09:00']);
    expect(on('2026-03-02', result.otherSlots)).toEqual(['12:00']);
    expect(result.mutualSlots).toHaveLength(10); // five Mondays, the same after both zones move to summer time
    expect(result.mutualSlots[0]).toEqual({ date: '2026-03-02', time: '10:00', day: 'Monday', startsAt: '2026-03-02T10:00:00.000Z' });
  });

  it('treats a booked hour as not free', () => {
    const busy = { ...me, booked: [{ startsAt: '2026-03-02T10:00:00.000Z', durationHours: 1 }] };
    const result = mutualAvailability({ me: busy, other: berlin, durationHours: 1, monthOffset: 0, now: MARCH_1 });
    expect(on('2026-03-02', result.mutualSlots)).toEqual(['11:00']);
    expect(on('2026-03-02', result.otherSlots)).toEqual(['10:00', '12:00']);
  });

  it('follows the other member’s DST change inside the month', () => {
    const newYork = { availability: mondays('09:00', '12:00'), timeZone: 'America/New_York', booked: [] };
    const { otherSlots, mutualSlots } = mutualAvailability({ me, other: newYork, durationHours: 1, monthOffset: 0, now: MARCH_1 });
    expect(mutualSlots).toEqual([]);
    expect(on('2026-03-02', otherSlots)).toEqual(['14:00', '15:00', '16:00']);
    expect(on('2026-03-09', otherSlots)).toEqual(['13:00', '14:00', '15:00']);
    expect(on('2026-03-30', otherSlots)).toEqual(['14:00', '15:00', '16:00']);
  });

  it('stays within the calendar hours 9:00 to 18:00', () => {
    const allDay = { availability: [{ day: 'Monday', startTime: '00:00', endTime: '23:00' }] as Availability[], timeZone: 'Europe/London', booked: [] };
    const { mutualSlots } = mutualAvailability({ me: allDay, other: allDay, durationHours: 1, monthOffset: 0, now: MARCH_1 });
    expect(on('2026-03-02', mutualSlots)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00']);
  });
});
