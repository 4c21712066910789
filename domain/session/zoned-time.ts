// Wall-clock <-> instant conversion for IANA time zones with Intl only (no date library). Civil
// dates are plain {year, month, day} values; arithmetic on them goes through Date.UTC, which has no
// time zone, so adding a day is always exactly one calendar day whatever DST does.
import type { WeekDay } from '../member/events.js';
import { DomainError } from '../shared.js';

export interface CivilDate {
  year: number;
  month: number; // 1-12
  day: number;
}

export interface LocalDateTime extends CivilDate {
  hour: number;
  minute: number;
  weekday: WeekDay;
}

const WEEKDAYS: readonly WeekDay[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_MS = 86_400_000;

// Building a DateTimeFormat is far slower than using one; a month of slots uses thousands.
const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new DomainError('VALIDATION', `Unknown time zone: ${timeZone}`);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
};

const EN_US = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

// Every booking of a week asks about the same instants (the mentor's availability windows, the grid's
// starts), and Intl formatting is the costly part: answers are remembered per zone, all forgotten at once
// when WALL_CLOCK_CACHE of them are held. The function is pure, so a remembered answer is exact.
const WALL_CLOCK_CACHE = 20_000;
const wallClocks = new Map<string, Map<number, number>>();
let remembered = 0;

/** The zone's wall clock at an instant, expressed as if it were a UTC instant (whole seconds). */
const wallClock = (ms: number, timeZone: string): number => {
  // UTC's wall clock is the instant itself (whole seconds, as the formatter prints them): no look-up.
  if (timeZone === 'UTC') return ms - (((ms % 1000) + 1000) % 1000);
  let zone = wallClocks.get(timeZone);
  const hit = zone?.get(ms);
  if (hit !== undefined) return hit;
  const value = formatWallClock(ms, timeZone);
  if (remembered >= WALL_CLOCK_CACHE) {
    wallClocks.clear();
    remembered = 0;
    zone = undefined;
  }
  if (!zone) wallClocks.set(timeZone, (zone = new Map()));
  zone.set(ms, value);
  remembered += 1;
  return value;
};

const formatWallClock = (ms: number, timeZone: string): number => {
  const formatter = formatterFor(timeZone);
  // format() is several times faster than formatToParts(); the parts are the fallback should a
  // runtime ever print en-US differently.
  const match = EN_US.exec(formatter.format(ms));
  if (match) {
    const [, month, day, year, hour, minute, second] = match.map(Number);
    return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  }
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(ms)) fields[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second);
};

const weekdayOfUtc = (ms: number): WeekDay => WEEKDAYS[new Date(ms).getUTCDay()] ?? 'Sunday';

export const toLocal = (ms: number, timeZone: string): LocalDateTime => {
  const wall = new Date(wallClock(ms, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    weekday: weekdayOfUtc(wall.getTime()),
  };
};

/**
 * The instant at which the zone's clock reads `date` + `minuteOfDay`, with Temporal's 'compatible'
 * rule: a time repeated when clocks go back gives the earlier instant; a time skipped when clocks go
 * forward gives the instant one gap later (02:30 -> 03:30), with exists false.
 */
export const resolveLocal = (date: CivilDate, minuteOfDay: number, timeZone: string): { ms: number; exists: boolean } => {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay);
  // Offsets a day either side bracket any transition near this wall time; equal ones mean none.
  const before = wall - (wallClock(wall - DAY_MS, timeZone) - (wall - DAY_MS));
  const after = wall - (wallClock(wall + DAY_MS, timeZone) - (wall + DAY_MS));
  if (before === after) return { ms: before, exists: true };
  const exact = [before, after].filter((ms) => wallClock(ms, timeZone) === wall);
  return exact.length > 0 ? { ms: Math.min(...exact), exists: true } : { ms: Math.max(before, after), exists: false };
};

export const fromLocal = (date: CivilDate, minuteOfDay: number, timeZone: string): number => resolveLocal(date, minuteOfDay, timeZone).ms;

export const existsLocally = (date: CivilDate, minuteOfDay: number, timeZone: string): boolean => resolveLocal(date, minuteOfDay, timeZone).exists;

export const addDays = (date: CivilDate, days: number): CivilDate => {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

export const addMonths = (year: number, month: number, months: number): { year: number; month: number } => {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

export const monthsBetween = (a: { year: number; month: number }, b: { year: number; month: number }): number => b.year * 12 + b.month - (a.year * 12 + a.month);

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const weekdayOf = (date: CivilDate): WeekDay => weekdayOfUtc(Date.UTC(date.year, date.month - 1, date.day));

const pad = (n: number) => String(n).padStart(2, '0');

export const formatDate = (date: CivilDate): string => `${date.year}-${pad(date.month)}-${pad(date.day)}`;

export const formatTime = (hour: number, minute: number): string => `${pad(hour)}:${pad(minute)}`;

/** Minutes since midnight of an 'HH:MM' time, or null when it is not one. */
export const parseTimeOfDay = (time: string): number | null => {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};
