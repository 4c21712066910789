// Reservation steps over a member's time (domain/slot): the cells of a session, grouped into the
// streams of the UTC hours they lie in. A session takes the time of both its members, the mentor's
// and the student's (reserveSessionTime), so neither can be in two sessions at once. Hours are taken in time order by every process, so two
// overlapping requests meet at their first shared hour and one of them gets the CONFLICT before taking
// anything beyond it.
import { holderOf, slotDecider, type SlotState } from '../../domain/slot/decider.js';
import { slotHourStreamId } from '../../domain/slot/events.js';
import { DomainError } from '../../domain/shared.js';
import { cellsByHour } from '../../domain/slot/slots-covered.js';
import { hourStreams } from '../../domain/slot/hour-streams.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { ProcessRuntime, LoadedStream, StepContext } from '../runtime/types.js';

export interface CellsOfSession {
  mentorId: string;
  sessionId: string;
  cells: readonly string[];
}

/** Hour streams as read moments ago (loadCells), keyed by stream id: runStep's `known`. */
export type KnownCells = ReadonlyMap<string, LoadedStream<SlotState>>;

export { hourStreams };

/**
 * Reserves every cell or throws the CONFLICT of the first hour where another session holds one (taking
 * no later hour). `known` saves the read of each hour whose stream has not moved since (runtime/run-step.ts).
 */
export const reserveCells = async (runtime: ProcessRuntime, input: CellsOfSession, context: StepContext, known?: KnownCells): Promise<Checkpoint[]> => {
  const checkpoints: Checkpoint[] = [];
  for (const { hourStart, streamId, cells } of hourStreams(input.mentorId, input.cells)) {
    const result = await runtime.step(
      slotDecider,
      streamId,
      { type: 'ReserveCells', mentorId: input.mentorId, hourStart, cells, sessionId: input.sessionId },
      { ...context, step: `${context.step}:${hourStart}` },
      known?.get(streamId),
    );
    if (result.checkpoint) checkpoints.push(result.checkpoint);
  }
  return checkpoints;
};

/** Frees the cells this session holds; cells free or held by another session are left alone. */
export const releaseCells = async (runtime: ProcessRuntime, input: CellsOfSession, context: StepContext): Promise<Checkpoint[]> => {
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

/** The state of every hour of each member's the cells lie in, keyed by stream id, in one read. */
export const loadCells = async (runtime: ProcessRuntime, input: { memberIds: readonly string[]; cells: readonly string[] }): Promise<KnownCells> => {
  const streamIds = input.memberIds.flatMap((memberId) => hourStreams(memberId, input.cells).map(({ streamId }) => streamId));
  const loaded = await runtime.loadMany(slotDecider, streamIds);
  return new Map(streamIds.map((streamId) => [streamId, loaded.get(streamId)!]));
};

/** Whether any of the member's `cells` is held by a session other than `sessionId` in the loaded hours. */
export const anyHeldByAnother = (known: KnownCells, input: CellsOfSession): boolean =>
  cellsByHour(input.cells).some(([hourStart, inHour]) => {
    const hour = known.get(slotHourStreamId(input.mentorId, hourStart));
    return hour !== undefined && inHour.some((cell) => (holderOf(hour.state, cell) ?? input.sessionId) !== input.sessionId);
  });

/** A session's time: the same cells of both its members. */
export interface TimeOfSession {
  mentorId: string;
  studentId: string;
  sessionId: string;
  cells: readonly string[];
}

const studentPart = (input: TimeOfSession): CellsOfSession => ({ mentorId: input.studentId, sessionId: input.sessionId, cells: input.cells });

/**
 * The text of the first conflict of the session's time on the stored states (a cheap check before side
 * effects): texts.slotTaken for the mentor's, `studentBusy` for the student's; null when both are free.
 */
export const timeConflict = async (runtime: ProcessRuntime, input: TimeOfSession, texts: { slotTaken: string; studentBusy: string }, known?: KnownCells) => {
  const cells = known ?? (await loadCells(runtime, { memberIds: [input.mentorId, input.studentId], cells: input.cells }));
  if (anyHeldByAnother(cells, input)) return texts.slotTaken;
  if (anyHeldByAnother(cells, studentPart(input))) return texts.studentBusy;
  return null;
};

/** Reserves the mentor's cells, then the student's, whose CONFLICT is refused with `studentBusy`. */
export const reserveSessionTime = async (
  runtime: ProcessRuntime,
  input: TimeOfSession,
  context: StepContext,
  studentBusy: string,
  known?: KnownCells,
): Promise<Checkpoint[]> => {
  const mentor = await reserveCells(runtime, input, context, known);
  try {
    return [...mentor, ...(await reserveCells(runtime, studentPart(input), context, known))];
  } catch (error) {
    if (error instanceof DomainError && error.code === 'CONFLICT') throw new DomainError('CONFLICT', studentBusy);
    throw error;
  }
};

/** Frees what the session holds of both members' time (event ids differ by stream, so one step name serves both). */
export const releaseSessionTime = async (runtime: ProcessRuntime, input: TimeOfSession, context: StepContext): Promise<Checkpoint[]> => [
  ...(await releaseCells(runtime, studentPart(input), context)),
  ...(await releaseCells(runtime, input, context)),
];
