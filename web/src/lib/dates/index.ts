// The client's one module of date and time formats and arithmetic (issue 30 point 6), on date-fns and
// @date-fns/tz. An ESLint rule keeps `toLocale*String` and `Intl.DateTimeFormat` here, so a date looks
// the same on every page and no feature does its own month or zone maths.
//
// Session dates and times arrive already in the signed-in member's zone, as YYYY-MM-DD and HH:MM: they
// are wall-clock values, so they are read and written in UTC, where every day has 24 hours. Read in the
// browser's zone instead, 02:30 on a spring-forward day would not exist and would show as 03:30.
// Formats are fixed English patterns (the product's texts are English), not the browser's locale, so a
// page reads the same in every browser and tests can name the exact text.
import { TZDate, tz } from '@date-fns/tz';
import { addMinutes, addMonths, differenceInCalendarMonths, differenceInHours, differenceInMinutes, format, isValid, parseISO, startOfMonth } from 'date-fns';

const utc = tz('UTC');

const wallDay = (date: string): TZDate => {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new TZDate(y, m - 1, d, 'UTC');
};

const wallTime = (time: string): TZDate => {
  const [h = 0, min = 0] = time.split(':').map(Number);
  return new TZDate(2000, 0, 1, h, min, 'UTC');
};

/** 'Mon, May 12, 2025' (long) or 'Mon, May 12' (short) for a YYYY-MM-DD date, whatever zone the browser runs in. */
export const formatDay = (date: string, style: 'long' | 'short' = 'long'): string =>
  format(wallDay(date), style === 'long' ? 'EEE, MMM d, yyyy' : 'EEE, MMM d', { in: utc });

/** 'Monday, May 12' for a YYYY-MM-DD date (a calendar day's accessible name). */
export const formatDayName = (date: string): string => format(wallDay(date), 'EEEE, MMMM d', { in: utc });

/** '2:00 PM' for '14:00'. */
export const formatClock = (time: string): string => format(wallTime(time), 'h:mm a', { in: utc });

/** The end of a session that starts at `time` and lasts `hours`, as HH:MM (may pass midnight). */
export const endClock = (time: string, hours: number): string => format(addMinutes(wallTime(time), Math.round(hours * 60)), 'HH:mm', { in: utc });

/** 'May 2025' for an instant, in the browser's zone (a member's 'since' month, a calendar's caption). */
export const formatMonth = (at: Date | string | number): string => {
  const date = typeof at === 'string' ? parseISO(at) : new Date(at);
  return isValid(date) ? format(date, 'MMMM yyyy') : '';
};

/** 'May 12, 2025' for an instant, in the browser's zone. */
export const formatDate = (at: Date | string | number): string => {
  const date = typeof at === 'string' ? parseISO(at) : new Date(at);
  return isValid(date) ? format(date, 'MMM d, yyyy') : '';
};

/** 'May 12, 2025, 2:00 PM' for an instant, in `timeZone` when it is a zone this browser knows, else in the browser's own. */
export const formatDateTime = (at: string | number | Date, timeZone?: string | null): string => {
  const date = typeof at === 'string' ? parseISO(at) : new Date(at);
  if (!isValid(date)) return '';
  const pattern = 'MMM d, yyyy, h:mm a';
  if (timeZone) {
    try {
      return format(date, pattern, { in: tz(timeZone) });
    } catch {
      // An unknown zone name: the browser's zone is the best we can do.
    }
  }
  return format(date, pattern);
};

/** Document 000 §9 and spec 001 §2.3: under 1 h 'Just now', under 24 h 'Nh ago', under 7 days 'Nd ago', else the date. */
export const relativeAge = (iso: string, now: number = Date.now()): string => {
  const then = parseISO(iso);
  if (!isValid(then)) return '';
  const hours = Math.max(0, differenceInHours(now, then));
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return formatDate(then);
};

/** 'n minutes ago' / 'n hours ago' for the 'Approved by' line; null once outside the 24 h window. */
export const recentAgo = (iso: string | null, now: number = Date.now()): string | null => {
  if (!iso) return null;
  const then = parseISO(iso);
  if (!isValid(then)) return null;
  const minutes = Math.max(0, differenceInMinutes(now, then));
  if (minutes >= 24 * 60) return null;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'} ago`;
};

/** Months from the browser's current month to a YYYY-MM-DD date (the calendars' monthOffset). */
export const monthOffsetOfDate = (date: string, today: Date = new Date()): number => {
  const [y = 0, m = 1] = date.split('-').map(Number);
  return differenceInCalendarMonths(new Date(y, m - 1, 1), today);
};

/** The month `offset` months from today's, in the browser's zone: its year, its month (1-12) and 'May 2025'. */
export const monthAt = (offset: number, today: Date = new Date()): { year: number; month: number; label: string } => {
  const first = addMonths(startOfMonth(today), offset);
  return { year: first.getFullYear(), month: first.getMonth() + 1, label: format(first, 'MMMM yyyy') };
};

/**
 * A YYYY-MM-DD wall-clock day as a date in UTC, and back: how a calendar (react-day-picker, given
 * `timeZone="UTC"`) shows the member-zone days the API sends, with no shift in any browser zone.
 */
export const dayAsDate = (date: string): TZDate => wallDay(date);
export const dateAsDay = (date: Date): string => format(date, 'yyyy-MM-dd', { in: utc });

/** 'Mon' for a day (a calendar's weekday header), read in UTC like dayAsDate's days. */
export const formatWeekday = (date: Date): string => format(date, 'EEE', { in: utc });

// The page's entry needs only the zone's name (the sign-in link carries it); it lives in a module of its own so
// the entry does not take date-fns with it (a module the entry imports is bundled into the entry).
export { browserTimeZone } from './time-zone';
