// Events of a mentor's reservation streams. Time is reserved in 15-minute cells (slots-covered.ts says
// why); the cells of one UTC hour live in one stream `slots-{mentorId}-{hourStart}`, so a one-hour
// session on the hour writes one event where one stream per cell wrote four (docs/decisions.md 38).
// At most one active session holds a cell at a time.
import type { Event } from '../shared.js';
import { hourOfCell } from './slots-covered.js';

export interface SlotHourKey {
  mentorId: string;
  hourStart: string; // UTC ISO of the hour's start, as hourOfCell returns it
}

/** Cells (UTC ISO starts, all inside the hour) taken for a session, or given back by it. */
export type SlotsReserved = Event<'SlotsReserved', SlotHourKey & { sessionId: string; cells: string[] }>;
export type SlotsReleased = Event<'SlotsReleased', SlotHourKey & { sessionId: string; cells: string[] }>;

export type SlotEvent = SlotsReserved | SlotsReleased;

/**
 * Until 2026-11-24 each cell had a stream of its own, `slot-{mentorId}-{slotStart}`, with these events.
 * Nothing writes them any more; the reservations they still held were carried over into the hour
 * streams once (commands/sessions/carry-over-slots.ts), and they stay in the log as history.
 */
export type LegacySlotReserved = Event<'SlotReserved', { mentorId: string; slotStart: string; sessionId: string }>;
export type LegacySlotReleased = Event<'SlotReleased', { mentorId: string; slotStart: string; sessionId: string }>;
export type LegacySlotEvent = LegacySlotReserved | LegacySlotReleased;
export const legacySlotEventTypes = ['SlotReserved', 'SlotReleased'] as const satisfies readonly LegacySlotEvent['type'][];

/** hourStart is normalised, so '2026-03-02T10:00Z' and '2026-03-02T10:00:00.000Z' name one stream. */
export const slotHourStreamId = (mentorId: string, hourStart: string) => `slots-${mentorId}-${hourOfCell(hourStart)}`;
