// The start of a session as the client sends it: a UTC instant, or a date and a time on the
// member's own clock (session_date + session_time, proposed_date + proposed_time).
import { DomainError } from '../shared.js';
import { texts } from './rules.js';
import { formatDate, parseTimeOfDay, resolveLocal } from './zoned-time.js';

export interface StartInput {
  /** UTC ISO instant; wins over date + time when both are given. */
  startsAt?: string | null | undefined;
  /** YYYY-MM-DD on the member's clock. */
  date?: string | null | undefined;
  /** HH:MM (or HH:MM:SS with zero seconds) on the member's clock. */
  time?: string | null | undefined;
}

/** The UTC ISO start, or null when the member did not pick both a date and a time. */
export const resolveStart = (input: StartInput, timeZone: string): string | null => {
  if (input.startsAt) return input.startsAt;
  if (!input.date || !input.time) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.date.trim());
  const minutes = parseTimeOfDay(input.time.trim().replace(/^(\d\d:\d\d):00$/, '$1'));
  if (!match || minutes === null) throw new DomainError('VALIDATION', texts.selectDateAndTime);
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  // Date.UTC rolls 2026-02-31 over to March; a date that does not survive the round trip is not one.
  const roundTrip = new Date(Date.UTC(date.year, date.month - 1, date.day)).toISOString().slice(0, 10);
  if (roundTrip !== formatDate(date)) throw new DomainError('VALIDATION', texts.selectDateAndTime);
  const { ms, exists } = resolveLocal(date, minutes, timeZone);
  // A time the clocks skip (spring forward) is never offered by the calendar.
  if (!exists) throw new DomainError('VALIDATION', texts.slotNotAvailable);
  return new Date(ms).toISOString();
};
