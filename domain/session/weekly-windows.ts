// A member's weekly availability (day, startTime, endTime in their own zone) turned into instant
// intervals for one local date. Boundaries are converted separately, so a window crossing a DST
// change keeps its wall-clock meaning (09:00-18:00 stays 09:00-18:00 local).
import type { Availability } from '../member/events.js';
import type { CivilDate } from './zoned-time.js';
import { fromLocal, parseTimeOfDay, resolveLocal, toLocal, weekdayOf } from './zoned-time.js';

export interface Interval {
  start: number; // ms
  end: number; // ms, exclusive
}

export const overlaps = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;

/** Windows of one local date, merged where they overlap or touch (9-12 + 12-15 allows 11:00 for 1.5 h). */
export const windowsOn = (availability: readonly Availability[], timeZone: string, date: CivilDate): Interval[] => {
  const weekday = weekdayOf(date);
  const windows: Interval[] = [];
  for (const entry of availability) {
    if (entry.day !== weekday) continue;
    const from = parseTimeOfDay(entry.startTime);
    const to = parseTimeOfDay(entry.endTime);
    if (from === null || to === null || to <= from) continue; // the member contract forbids these; skip old data
    windows.push({ start: fromLocal(date, from, timeZone), end: fromLocal(date, to, timeZone) });
  }
  windows.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const window of windows) {
    const last = merged[merged.length - 1];
    if (last && window.start <= last.end) last.end = Math.max(last.end, window.end);
    else merged.push({ ...window });
  }
  return merged;
};

/** Whole local hours of the date (skipping any a DST change removes) whose session fits in a window. */
export const hourlyStartsOn = (availability: readonly Availability[], timeZone: string, date: CivilDate, durationMs: number): number[] => {
  const windows = windowsOn(availability, timeZone, date);
  if (windows.length === 0) return [];
  const starts: number[] = [];
  // Only hours inside the day's entries can start a session; each conversion costs Intl calls.
  const minutes = availability
    .filter((entry) => entry.day === weekdayOf(date))
    .flatMap((entry) => [parseTimeOfDay(entry.startTime) ?? 0, parseTimeOfDay(entry.endTime) ?? 0]);
  for (let hour = Math.floor(Math.min(...minutes) / 60); hour < Math.min(24, Math.max(...minutes) / 60); hour += 1) {
    const { ms: start, exists } = resolveLocal(date, hour * 60, timeZone);
    if (exists && windows.some((w) => w.start <= start && start + durationMs <= w.end)) starts.push(start);
  }
  return starts;
};

/**
 * Whether an interval lies inside one availability window of the member's local date where it
 * starts. Made per member and call: the calendar asks for every hour of a month, and the windows of
 * a date are worth computing once.
 */
export const availabilityChecker = (availability: readonly Availability[], timeZone: string) => {
  const byDate = new Map<string, Interval[]>();
  return (interval: Interval): boolean => {
    const local = toLocal(interval.start, timeZone);
    const key = `${local.year}-${local.month}-${local.day}`;
    let windows = byDate.get(key);
    if (!windows) {
      windows = windowsOn(availability, timeZone, local);
      byDate.set(key, windows);
    }
    return windows.some((w) => w.start <= interval.start && interval.end <= w.end);
  };
};
