// Which reservation cells a session occupies.
//
// Uniqueness of a mentor's time is kept per 15-minute cell, the cells of a UTC hour in one stream
// (`slots-{mentorId}-{hourStart}`, domain/slot/events.ts): a session reserves every cell its interval
// [start, start + duration) overlaps, and two sessions that overlap in time always share at least one
// cell, so the second reservation meets a CONFLICT.
//
// Cells are 15 minutes, not one hour, on purpose. Sessions start on the hour of the *mentor's* (or,
// for reschedules, the proposer's) local clock, which is :30 or :45 past the UTC hour in zones such
// as Asia/Kolkata or Asia/Kathmandu, and durations include 0.75 h. With UTC-hour cells a 9:00 and a
// 10:00 session in Kolkata would both touch the 04:00Z cell and falsely conflict. Every real zone
// offset and every offered duration is a multiple of 15 minutes, so quarter-hour cells are exact:
// no false conflicts, no missed ones. A session touches at most three hour streams (1.5 h from :45).
import { DomainError } from '../shared.js';

export const SLOT_CELL_MINUTES = 15;
const CELL_MS = SLOT_CELL_MINUTES * 60_000;

/** UTC ISO starts of the cells covered by a session; a start off the grid also blocks its whole first cell. */
export const slotsCovered = (startsAt: string, durationHours: number): string[] => {
  const start = Date.parse(startsAt);
  if (Number.isNaN(start)) throw new DomainError('VALIDATION', `Invalid session start: ${startsAt}`);
  if (!(durationHours > 0)) throw new DomainError('VALIDATION', `Invalid session duration: ${durationHours}`);
  const end = start + Math.round(durationHours * 3_600_000);
  const cells: string[] = [];
  for (let cell = Math.floor(start / CELL_MS) * CELL_MS; cell < end; cell += CELL_MS) {
    cells.push(new Date(cell).toISOString());
  }
  return cells;
};

const HOUR_MS = 3_600_000;

const CANONICAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The UTC ISO start of the hour a cell (or any instant) lies in: the cell's reservation stream. */
export const hourOfCell = (cell: string): string =>
  // Cells come from slotsCovered in toISOString's form, whose hour is its first 13 characters: a
  // booking asks this a dozen times, and the string cut skips two date conversions each time.
  CANONICAL.test(cell) ? `${cell.slice(0, 13)}:00:00.000Z` : new Date(Math.floor(Date.parse(cell) / HOUR_MS) * HOUR_MS).toISOString();

/** Cells grouped by hour, hours and cells in time order: the order every process reserves them in. */
export const cellsByHour = (cells: readonly string[]): [hourStart: string, cells: string[]][] => {
  const hours = new Map<string, string[]>();
  for (const cell of [...new Set(cells)].sort()) {
    const hour = hourOfCell(cell);
    const inHour = hours.get(hour);
    if (inHour) inHour.push(cell);
    else hours.set(hour, [cell]);
  }
  return [...hours]; // cells were sorted, so the hours came in time order
};
