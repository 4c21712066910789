// Events of a reservation cell stream `slot-{mentorId}-{slotStart}` (see slots-covered.ts for why
// cells exist and how big they are). At most one active session holds a cell at a time.
import type { Event } from '../shared.js';

export interface SlotKey {
  mentorId: string;
  slotStart: string; // UTC ISO of the cell's start, as slotsCovered returns it
}

export type SlotReserved = Event<'SlotReserved', SlotKey & { sessionId: string }>;
export type SlotReleased = Event<'SlotReleased', SlotKey & { sessionId: string }>;

export type SlotEvent = SlotReserved | SlotReleased;

/** slotStart is normalised, so '2026-03-02T10:00Z' and '2026-03-02T10:00:00.000Z' name one stream. */
export const slotStreamId = (mentorId: string, slotStart: string) =>
  `slot-${mentorId}-${new Date(Date.parse(slotStart)).toISOString()}`;
