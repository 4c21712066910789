// Once per database: the cell reservations of the old layout (one stream per 15-minute cell,
// `slot-{mentorId}-{cell}`) that are still held are carried over into the hour streams that replaced
// them (docs/decisions.md 38), before the first request is served, so a session booked before the change
// keeps its time. A marker stream records that it was done; every later start reads only the marker.
// The log is read once from the start; the carried reservations are ordinary SlotsReserved events with
// ids derived from the cell's stream and revision, so two processes starting together write each once.
import { DomainError } from '../../domain/shared.js';
import { slotDecider } from '../../domain/slot/decider.js';
import { legacySlotEventTypes, type LegacySlotEvent } from '../../domain/slot/events.js';
import { WrongExpectedVersionError, type Checkpoint } from '../../eventstore/types.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import { hourStreams } from './slot-steps.js';
import { processMetadata } from '../runtime/run-step.js';
import type { ProcessRuntime } from '../runtime/types.js';

export const CARRY_OVER_STREAM = 'slots-carried-over';
const PAGE = 1_000;
const legacyTypes: ReadonlySet<string> = new Set(legacySlotEventTypes);

export interface CarryOverOutcome {
  /** Cells held in the old layout and now held in the hour streams. */
  carried: number;
  /** Cells whose hour stream already gave them to another session: left as they are, and logged. */
  refused: number;
}

/** Who holds each old cell stream's cell, folded from the log (null: released). */
const legacyHolders = async (runtime: ProcessRuntime) => {
  const held = new Map<string, { mentorId: string; cell: string; sessionId: string | null }>();
  let after: Checkpoint | null = null;
  for (;;) {
    const page = await runtime.reads.readAll({ after, limit: PAGE });
    if (page.length === 0) return held;
    for (const recorded of page) {
      if (!legacyTypes.has(recorded.type)) continue;
      const event = { type: recorded.type, data: recorded.data } as LegacySlotEvent;
      const current = held.get(recorded.streamId);
      if (event.type === 'SlotReserved' && !current?.sessionId)
        held.set(recorded.streamId, { mentorId: event.data.mentorId, cell: event.data.slotStart, sessionId: event.data.sessionId });
      if (event.type === 'SlotReleased' && current?.sessionId === event.data.sessionId) held.set(recorded.streamId, { ...current, sessionId: null });
    }
    after = page[page.length - 1]!.checkpoint;
  }
};

/** Null when an earlier start (of this or another process) did it already. */
export const carryOverCellReservations = async (runtime: ProcessRuntime, now: string, warn: (message: string) => void = () => {}): Promise<CarryOverOutcome | null> => {
  if ((await runtime.reads.readStream(CARRY_OVER_STREAM, { to: 0n })).length > 0) return null;
  const bySession = new Map<string, { mentorId: string; sessionId: string; cells: string[] }>();
  for (const { mentorId, cell, sessionId } of (await legacyHolders(runtime)).values()) {
    if (!sessionId) continue;
    const key = `${mentorId}|${sessionId}`;
    const entry = bySession.get(key) ?? { mentorId, sessionId, cells: [] };
    entry.cells.push(new Date(Date.parse(cell)).toISOString());
    bySession.set(key, entry);
  }
  const outcome: CarryOverOutcome = { carried: 0, refused: 0 };
  const correlationId = uuidV5(CARRY_OVER_STREAM);
  for (const { mentorId, sessionId, cells } of bySession.values()) {
    for (const hour of hourStreams(mentorId, cells)) {
      try {
        await runtime.step(
          slotDecider,
          hour.streamId,
          { type: 'ReserveCells', mentorId, hourStart: hour.hourStart, cells: hour.cells, sessionId },
          { step: `carry-over:${sessionId}`, now, actorId: null, correlationId },
        );
        outcome.carried += hour.cells.length;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
        outcome.refused += hour.cells.length;
        warn(`carrying over the cells of session ${sessionId} at ${hour.hourStart}: another session holds one of them already`);
      }
    }
  }
  const marker = { type: 'SlotCellsCarriedOver', data: outcome, metadata: processMetadata({ now, actorId: null, correlationId }, uuidV5(`${CARRY_OVER_STREAM}:marker`)) };
  await runtime.record(CARRY_OVER_STREAM, [marker], 'no_stream').catch((error: unknown) => {
    if (!(error instanceof WrongExpectedVersionError)) throw error; // another process finished first
  });
  return outcome;
};
