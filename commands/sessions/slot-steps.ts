// Reservation steps over a mentor's slot cells (domain/slot). Cells are taken in time order by
// every process, so two overlapping requests meet at their first shared cell and one of them gets
// the CONFLICT before taking anything beyond it.
import { slotDecider, type SlotState } from '../../domain/slot/decider.js';
import type { Checkpoint, EventStore, RecordedEvent } from '../../eventstore/types.js';
import { foldStream, type LoadedStream } from '../handle-command.js';
import { slotStreamId } from '../stream-ids.js';
import { runStep, type StepContext } from './process-step.js';

export interface CellsOfSession {
  mentorId: string;
  sessionId: string;
  cells: readonly string[];
}

/** Each cell once, in time order: the order every process takes them in. */
export const cellsInOrder = (cells: readonly string[]) => [...new Set(cells)].sort();

/** Cells as read moments ago (loadCells), keyed by cell start: runStep's `known`. */
export type KnownCells = ReadonlyMap<string, LoadedStream<SlotState>>;

/**
 * Reserves every cell or throws the CONFLICT of the first one another session holds (taking no later
 * cell). `known` saves the read of each cell whose stream has not moved since (process-step.ts).
 */
export const reserveCells = async (store: EventStore, input: CellsOfSession, context: StepContext, known?: KnownCells): Promise<Checkpoint[]> => {
  const checkpoints: Checkpoint[] = [];
  for (const slotStart of cellsInOrder(input.cells)) {
    const result = await runStep(
      store,
      slotDecider,
      slotStreamId(input.mentorId, slotStart),
      { type: 'ReserveSlot', mentorId: input.mentorId, slotStart, sessionId: input.sessionId },
      { ...context, step: `${context.step}:${slotStart}` },
      known?.get(slotStart),
    );
    if (result.checkpoint) checkpoints.push(result.checkpoint);
  }
  return checkpoints;
};

/** Frees the cells this session holds; cells free or held by another session are left alone. */
export const releaseCells = async (store: EventStore, input: CellsOfSession, context: StepContext): Promise<Checkpoint[]> => {
  const checkpoints: Checkpoint[] = [];
  for (const slotStart of cellsInOrder(input.cells).reverse()) {
    const result = await runStep(
      store,
      slotDecider,
      slotStreamId(input.mentorId, slotStart),
      { type: 'ReleaseSlot', mentorId: input.mentorId, slotStart, sessionId: input.sessionId },
      { ...context, step: `${context.step}:${slotStart}` },
    );
    if (result.checkpoint) checkpoints.push(result.checkpoint);
  }
  return checkpoints;
};

/** The session's cells in time order, each with its stream id: what loadCells and the booking read. */
export const cellStreams = (mentorId: string, cells: readonly string[]) =>
  cellsInOrder(cells).map((slotStart) => [slotStart, slotStreamId(mentorId, slotStart)] as const);

/** The cells' states and revisions out of a readStreams answer that included their streams. */
export const foldCells = (streams: ReturnType<typeof cellStreams>, read: ReadonlyMap<string, RecordedEvent[]>): KnownCells =>
  new Map(streams.map(([slotStart, streamId]) => [slotStart, foldStream(slotDecider, read.get(streamId) ?? [])]));

/** Every cell's state and revision, in one read. */
export const loadCells = async (store: EventStore, input: Omit<CellsOfSession, 'sessionId'>): Promise<KnownCells> => {
  const streams = cellStreams(input.mentorId, input.cells);
  return foldCells(streams, await store.readStreams(streams.map(([, streamId]) => streamId)));
};

/** Whether any of the loaded cells is held by a session other than `sessionId`. */
export const anyHeldByAnother = (cells: KnownCells, sessionId: string): boolean =>
  [...cells.values()].some(({ state }) => state.status === 'held' && state.sessionId !== sessionId);

/** Whether any of the cells is held by a session other than `sessionId` (a cheap check before side effects). */
export const heldByAnother = async (store: EventStore, input: CellsOfSession): Promise<boolean> =>
  anyHeldByAnother(await loadCells(store, input), input.sessionId);
