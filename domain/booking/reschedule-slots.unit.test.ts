import { describe, expect, it } from 'vitest';
import { expectRefusal } from '../decider-spec.js';
import { texts } from '../session/rules.js';
import { assertRescheduleOffered, rescheduleSlots } from './reschedule-slots.js';
import { MENTOR, MONDAY, WEDNESDAY_10, member, mentorTeaching } from './testing.js';

type Options = { durationHours?: number; mentor?: ReturnType<typeof member>; viewerTimeZone?: string };
const offer = (startsAt: string, options: Options = {}) =>
  assertRescheduleOffered({ startsAt, durationHours: options.durationHours ?? 1 }, options.mentor ?? mentorTeaching(), {
    now: MONDAY,
    viewerTimeZone: options.viewerTimeZone ?? 'UTC',
  });
/** The move is refused with the booking's text. */
const notOffered = (startsAt: string, options: Options = {}) => expectRefusal(() => offer(startsAt, options), 'VALIDATION', texts.slotNotAvailable);

describe('where a session may be moved', () => {
  it("accepts a whole hour inside the mentor's weekday 9-17 UTC", () => {
    expect(() => offer(WEDNESDAY_10)).not.toThrow();
    expect(() => offer('2026-03-04T16:00:00.000Z')).not.toThrow();
  });

  it("refuses with the booking's text what the mentor does not offer", () => {
    notOffered('2026-03-04T20:00:00.000Z'); // evening
    notOffered('2026-03-07T10:00:00.000Z'); // Saturday
    notOffered('2026-03-04T10:30:00.000Z'); // not a whole hour of the mentor's clock
    notOffered('2026-03-04T16:00:00.000Z', { durationHours: 1.5 }); // runs past 17:00
    notOffered('2026-03-02T07:00:00.000Z'); // before now
    notOffered('2026-06-03T10:00:00.000Z'); // beyond next month
    notOffered(WEDNESDAY_10, { mentor: { status: 'unregistered' } }); // a mentor who is gone
  });

  it("reads availability on the mentor's clock, and gives a mentor without availability the booking's 14-day fallback", () => {
    const berlin = member(MENTOR, [
      {
        type: 'UpdateProfile',
        memberId: MENTOR,
        actorId: MENTOR,
        now: MONDAY,
        newSkillIds: [],
        patch: { timeZone: 'Europe/Berlin', availability: [{ day: 'Wednesday', startTime: '09:00', endTime: '12:00' }] },
      },
    ]);
    expect(() => offer('2026-03-04T08:00:00.000Z', { mentor: berlin })).not.toThrow(); // 09:00 in Berlin
    expect(() => offer(WEDNESDAY_10, { mentor: berlin })).not.toThrow(); // 11:00-12:00 in Berlin
    notOffered('2026-03-04T11:00:00.000Z', { mentor: berlin }); // 12:00 in Berlin: the window has closed
    const none = member(MENTOR);
    expect(() => offer('2026-03-07T10:00:00.000Z', { mentor: none })).not.toThrow(); // Saturday within 14 days, 9-18
    notOffered('2026-03-20T10:00:00.000Z', { mentor: none }); // past the fallback's 14 days
  });

  it("lists the mentor's free slots for the session's length without the session's own time", () => {
    const slots = rescheduleSlots({
      mentor: { availability: [{ day: 'Wednesday', startTime: '09:00', endTime: '12:00' }], timeZone: 'UTC' },
      session: { startsAt: WEDNESDAY_10, durationHours: 1 },
      booked: [{ startsAt: '2026-03-11T10:00:00.000Z', durationHours: 1 }],
      monthOffset: 0,
      now: MONDAY,
      viewerTimeZone: 'UTC',
    });
    expect(slots.availableSlots.filter((s) => s.date <= '2026-03-11').map((s) => `${s.date} ${s.time}`)).toEqual([
      '2026-03-04 09:00',
      '2026-03-04 11:00',
      '2026-03-11 09:00',
      '2026-03-11 11:00',
    ]);
    expect(slots.bookedSlots.map((s) => `${s.date} ${s.time}`)).toEqual(['2026-03-11 10:00']);
  });
});
