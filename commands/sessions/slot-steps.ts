// Reservation steps over a mentor's time (domain/slot): the cells of a session, grouped into the
// streams of the UTC hours they lie in. Hours are taken in time order by every process, so two
// overlapping requests meet at their first shared hour and one of them gets the CONFLICT before taking
// anything beyond it.
import { holderOf, slotDecider, type SlotState } from '../../domain/slot/decider.js';
import { cellsByHour } from '../../domain/slot/slots-covered.js';
import { hourStreams } from '../../domain/slot/hour-streams.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime, LoadedStream, StepContext } from '../runtime/types.js';

export interface CellsOfSession {
  mentorId: string;
  sessionId: string;
  cells: readonly string[];
}

/** Hour streams as read moments ago (loadCells), keyed by hour start: runStep's `known`. */
export type KnownCells = ReadonlyMap<string, LoadedStream<SlotState>>;

export { hourStreams };

/**
 * Reserves every cell or throws the CONFLICT of the first hour where another session holds one (taking
 * no later hour). `known` saves the read of each hour whose stream has not moved since (runtime/run-step.ts).
 */
export const reserveCells = async (runtime: CommandRuntime, input: CellsOfSession, context: StepContext, known?: KnownCells): Promise<Checkpoint[]> => {
  const checkpoints: Checkpoint[] = [];
  for (const { hourStart, streamId, cells } of hourStreams(input.mentorId, input.cells)) {
    const result = await runtime.step(
      slotDecider,
      streamId,
      { type: 'ReserveCells', mentorId: input.mentorId, hourStart, cells, sessionId: input.sessionId },
      { ...context, step: `${context.step}:${hourStart}` },
      known?.get(hourStart),
    );
    if (result.checkpoint) checkpoints.push(result.checkpoint);
  }
  return checkpoints;
};

/** Frees the cells this session holds; cells free or held by another session are left alone. */
export const releaseCells = async (runtime: CommandRuntime, input: CellsOfSession, context: StepContext): Promise<Checkpoint[]> => {
  const checkpoints: Checkpoint[] = [];
  for (const { hourStart, streamId, cells } of hourStreams(input.mentorId, input.cells).reverse()) {
    const result = await runtime.step(
      slotDecider,
      streamId,
      { type: 'ReleaseCells', mentorId: input.mentorId, hourStart, cells, sessionId: input.sessionId },
      { ...context, step: `${context.step}:${hourStart}` },
    );
    if (result.checkpoint) checkpoints.push(result.checkpoint);
  }
  return checkpoints;
};

/** The state of every hour the cells lie in, keyed by hour start, in one read. */
export const loadCells = async (runtime: CommandRuntime, input: Omit<CellsOfSession, 'sessionId'>): Promise<KnownCells> => {
  const hours = hourStreams(input.mentorId, input.cells);
  const loaded = await runtime.loadMany(
    slotDecider,
    hours.map(({ streamId }) => streamId),
  );
  return new Map(hours.map(({ hourStart, streamId }) => [hourStart, loaded.get(streamId)!]));
};

/** Whether any of `cells` is held by a session other than `sessionId` in the loaded hours. */
export const anyHeldByAnother = (known: KnownCells, cells: readonly string[], sessionId: string): boolean =>
  cellsByHour(cells).some(([hourStart, inHour]) => {
    const hour = known.get(hourStart);
    return hour !== undefined && inHour.some((cell) => (holderOf(hour.state, cell) ?? sessionId) !== sessionId);
  });

/** Whether any of the cells is held by a session other than `sessionId` (a cheap check before side effects). */
export const heldByAnother = async (runtime: CommandRuntime, input: CellsOfSession): Promise<boolean> =>
  anyHeldByAnother(await loadCells(runtime, input), input.cells, input.sessionId);
