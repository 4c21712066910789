// Bookable times for the booking page and the smart session calendar (spec 000 §3, §9). Pure:
// `now` and every zone arrive as arguments; zones are IANA names handled with Intl only.
import type { Availability, WeekDay } from '../member/events.js';
import { DomainError } from '../shared.js';
import { isSessionDuration, texts } from './rules.js';
import type { Interval } from './weekly-windows.js';
import { availabilityChecker, hourlyStartsOn, overlaps, windowsOn } from './weekly-windows.js';
import type { CivilDate } from './zoned-time.js';
import { addDays, addMonths, daysInMonth, formatDate, formatTime, monthsBetween, parseTimeOfDay, resolveLocal, toLocal, weekdayOf } from './zoned-time.js';

export const MONTH_OFFSET_MIN = -1;
export const MONTH_OFFSET_MAX = 1;
/** The smart calendar's rows: 9:00, 10:00, ..., 18:00 in the viewer's zone. */
export const CALENDAR_FIRST_HOUR = 9;
export const CALENDAR_LAST_HOUR = 18;
/** A mentor who has not set availability yet can be booked every day 9:00-18:00 for the next 14 days. */
export const FALLBACK_DAYS = 14;
const FALLBACK_AVAILABILITY: readonly Availability[] = (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).map((day) => ({
  day,
  startTime: '09:00',
  endTime: '18:00',
}));

/** A session that occupies a member's time (requested, confirmed, awaiting response or completed). */
export interface BookedInterval {
  startsAt: string;
  durationHours: number;
}

export interface SlotTime {
  date: string; // YYYY-MM-DD in the viewer's zone
  time: string; // HH:MM in the viewer's zone
  startsAt: string; // the same instant, UTC ISO
}

export interface AvailableSlotsQuery {
  availability: readonly Availability[]; // the mentor's, in mentorTimeZone
  mentorTimeZone: string;
  durationHours: number;
  monthOffset: number; // -1..1 from the viewer's current month
  now: string;
  booked: readonly BookedInterval[]; // the mentor's sessions that occupy time
  viewerTimeZone: string;
}

/** bookedSlots: starts that availability allows but a booked session overlaps, so the UI can show them taken. */
export interface AvailableSlots {
  availableSlots: SlotTime[];
  bookedSlots: SlotTime[];
}

const HOUR_MS = 3_600_000;

const requireNow = (now: string): number => {
  const ms = Date.parse(now);
  if (Number.isNaN(ms)) throw new DomainError('VALIDATION', `Invalid instant: ${now}`);
  return ms;
};

const requireDuration = (hours: number): number => {
  if (!isSessionDuration(hours)) throw new DomainError('VALIDATION', texts.durationInvalid);
  return hours * HOUR_MS;
};

/** The viewer's month `offset` months from the one `now` falls in. */
const targetMonth = (nowMs: number, viewerTimeZone: string, offset: number) => {
  if (!Number.isInteger(offset) || offset < MONTH_OFFSET_MIN || offset > MONTH_OFFSET_MAX) {
    throw new DomainError('VALIDATION', 'Months can be browsed from one month before to one month after the current month');
  }
  const local = toLocal(nowMs, viewerTimeZone);
  return addMonths(local.year, local.month, offset);
};

const toBookedIntervals = (booked: readonly BookedInterval[]): Interval[] =>
  booked.map((b) => {
    const start = Date.parse(b.startsAt);
    return { start, end: start + Math.round(b.durationHours * HOUR_MS) };
  });

const slotTime = (ms: number, timeZone: string): SlotTime => {
  const local = toLocal(ms, timeZone);
  return { date: formatDate(local), time: formatTime(local.hour, local.minute), startsAt: new Date(ms).toISOString() };
};

/**
 * Hourly starts (on the mentor's clock) in the viewer's month, after `now`, where the whole session
 * fits inside one of the mentor's availability windows; split by whether a booking overlaps them.
 */
export const availableSlots = (query: AvailableSlotsQuery): AvailableSlots => {
  const nowMs = requireNow(query.now);
  const durationMs = requireDuration(query.durationHours);
  const month = targetMonth(nowMs, query.viewerTimeZone, query.monthOffset);
  const fallback = query.availability.length === 0;
  const availability = fallback ? FALLBACK_AVAILABILITY : query.availability;
  const horizon = fallback ? nowMs + FALLBACK_DAYS * 24 * HOUR_MS : Number.POSITIVE_INFINITY;
  const booked = toBookedIntervals(query.booked);
  const result: AvailableSlots = { availableSlots: [], bookedSlots: [] };

  // Mentor-local dates a little wider than the month: zones differ by up to 26 hours.
  const first: CivilDate = { ...month, day: 1 };
  const last = addDays({ ...month, day: daysInMonth(month.year, month.month) }, 2);
  for (let date = addDays(first, -2); formatDate(date) <= formatDate(last); date = addDays(date, 1)) {
    for (const start of hourlyStartsOn(availability, query.mentorTimeZone, date, durationMs)) {
      if (start <= nowMs || start >= horizon) continue;
      const viewer = toLocal(start, query.viewerTimeZone);
      if (viewer.year !== month.year || viewer.month !== month.month) continue;
      const taken = booked.some((b) => overlaps(b, { start, end: start + durationMs }));
      (taken ? result.bookedSlots : result.availableSlots).push(slotTime(start, query.viewerTimeZone));
    }
  }
  const byStart = (a: SlotTime, b: SlotTime) => a.startsAt.localeCompare(b.startsAt);
  result.availableSlots.sort(byStart);
  result.bookedSlots.sort(byStart);
  return result;
};

/**
 * For the RequestSession process: whether `startsAt` is one of the available slots the requester
 * could have picked (their current or next month, in their zone). The spec's refusal text is
 * texts.slotNotAvailable.
 *
 * Decides the same as looking `startsAt` up in availableSlots for its month (the unit tests compare
 * the two over many starts, zones and DST changes), but checks the one start directly instead of
 * building the mentor's whole month: a whole hour of the mentor's clock that exists (the earlier of
 * a repeated hour), within the hours the day's entries span, whose session fits inside one merged
 * window of that mentor-local date, after `now` (and within the fallback horizon), and not
 * overlapping a booked interval.
 */
export const isStartAvailable = (query: Omit<AvailableSlotsQuery, 'monthOffset'> & { startsAt: string }): boolean => {
  const startMs = Date.parse(query.startsAt);
  if (Number.isNaN(startMs)) return false;
  const nowMs = requireNow(query.now);
  const offset = monthsBetween(toLocal(nowMs, query.viewerTimeZone), toLocal(startMs, query.viewerTimeZone));
  if (offset < MONTH_OFFSET_MIN || offset > MONTH_OFFSET_MAX) return false;
  const durationMs = requireDuration(query.durationHours);
  if (startMs <= nowMs) return false;
  const fallback = query.availability.length === 0;
  const availability = fallback ? FALLBACK_AVAILABILITY : query.availability;
  if (fallback && startMs >= nowMs + FALLBACK_DAYS * 24 * HOUR_MS) return false;

  // availableSlots only offers whole hours of the mentor's clock: the start's own local hour.
  if (startMs % 60_000 !== 0) return false;
  const local = toLocal(startMs, query.mentorTimeZone);
  if (local.minute !== 0) return false;
  const date: CivilDate = { year: local.year, month: local.month, day: local.day };
  const resolved = resolveLocal(date, local.hour * 60, query.mentorTimeZone);
  // The second occurrence of an hour repeated when clocks go back is not offered (nor is a skipped one).
  if (!resolved.exists || resolved.ms !== startMs) return false;
  // hourlyStartsOn tries the hours from the earliest entry time of the day to before the latest.
  const weekday = weekdayOf(date);
  const minutes = availability.filter((e) => e.day === weekday).flatMap((e) => [parseTimeOfDay(e.startTime) ?? 0, parseTimeOfDay(e.endTime) ?? 0]);
  if (local.hour < Math.floor(Math.min(...minutes) / 60) || local.hour >= Math.min(24, Math.max(...minutes) / 60)) return false;
  const fits = windowsOn(availability, query.mentorTimeZone, date).some((w) => w.start <= startMs && startMs + durationMs <= w.end);
  if (!fits) return false;
  const interval = { start: startMs, end: startMs + durationMs };
  return !toBookedIntervals(query.booked).some((b) => overlaps(b, interval));
};

export interface MemberCalendar {
  availability: readonly Availability[];
  timeZone: string;
  /** Sessions occupying the member's time, without the session being rescheduled. */
  booked: readonly BookedInterval[];
}

export interface MutualAvailabilityQuery {
  me: MemberCalendar; // the viewer: the calendar is drawn in their zone
  other: MemberCalendar;
  durationHours: number;
  monthOffset: number;
  now: string;
}

export interface CalendarSlot extends SlotTime {
  day: WeekDay;
}

/** Cells where neither member is free are left out ('neither'). */
export interface MutualAvailability {
  mutualSlots: CalendarSlot[];
  userSlots: CalendarSlot[]; // only the viewer is free
  otherSlots: CalendarSlot[]; // only the other member is free
}

const freeChecker = (member: MemberCalendar) => {
  const fits = availabilityChecker(member.availability, member.timeZone);
  const booked = toBookedIntervals(member.booked);
  return (interval: Interval) => fits(interval) && !booked.some((b) => overlaps(b, interval));
};

/** The smart session calendar: each hourly cell of the viewer's month, classified by who is free. */
export const mutualAvailability = (query: MutualAvailabilityQuery): MutualAvailability => {
  const nowMs = requireNow(query.now);
  const durationMs = requireDuration(query.durationHours);
  const { me, other } = query;
  const month = targetMonth(nowMs, me.timeZone, query.monthOffset);
  const iAmFree = freeChecker(me);
  const theyAreFree = freeChecker(other);
  const result: MutualAvailability = { mutualSlots: [], userSlots: [], otherSlots: [] };
  for (let day = 1; day <= daysInMonth(month.year, month.month); day += 1) {
    const date: CivilDate = { ...month, day };
    for (let hour = CALENDAR_FIRST_HOUR; hour <= CALENDAR_LAST_HOUR; hour += 1) {
      const { ms: start, exists } = resolveLocal(date, hour * 60, me.timeZone);
      if (!exists || start <= nowMs) continue;
      const interval = { start, end: start + durationMs };
      const mine = iAmFree(interval);
      const theirs = theyAreFree(interval);
      if (!mine && !theirs) continue;
      const slot: CalendarSlot = {
        date: formatDate(date),
        time: formatTime(hour, 0),
        startsAt: new Date(start).toISOString(),
        day: weekdayOf(date),
      };
      (mine && theirs ? result.mutualSlots : mine ? result.userSlots : result.otherSlots).push(slot);
    }
  }
  return result;
};
