// The reservation decider of one mentor-hour. Reserve and release are both safe to retry, which the
// RequestSession process and the reconciler rely on when they resume after a crash.
import { DomainError, assertNever } from '../shared.js';
import type { Decider } from '../shared.js';
import type { SlotEvent, SlotHourKey } from './events.js';
import { hourOfCell } from './slots-covered.js';

export const SLOT_TAKEN_MESSAGE = 'This time slot is no longer available. Please select a different time.';

/** `cells` are cell starts inside the hour (slotsCovered, grouped by cellsByHour). */
export type ReserveCells = SlotHourKey & { type: 'ReserveCells'; sessionId: string; cells: readonly string[] };
export type ReleaseCells = SlotHourKey & { type: 'ReleaseCells'; sessionId: string; cells: readonly string[] };
export type SlotCommand = ReserveCells | ReleaseCells;

/** Which session holds each taken cell of the hour; a cell not listed is free. */
export type SlotState = { status: 'free' } | { status: 'taken'; holders: Readonly<Record<string, string>> };

export const initialSlotState = (): SlotState => ({ status: 'free' });

export const holderOf = (state: SlotState, cell: string): string | null => (state.status === 'taken' ? (state.holders[cell] ?? null) : null);

const withHolders = (holders: Record<string, string>): SlotState => (Object.keys(holders).length === 0 ? { status: 'free' } : { status: 'taken', holders });

const copyOf = (state: SlotState): Record<string, string> => (state.status === 'taken' ? { ...state.holders } : {});

export const evolveSlot = (state: SlotState, event: SlotEvent): SlotState => {
  switch (event.type) {
    case 'SlotsReserved': {
      const holders = copyOf(state);
      // A cell someone else holds is never taken over, whatever an event says.
      for (const cell of event.data.cells) holders[cell] ??= event.data.sessionId;
      return withHolders(holders);
    }
    case 'SlotsReleased': {
      const holders = copyOf(state);
      for (const cell of event.data.cells) if (holders[cell] === event.data.sessionId) delete holders[cell];
      return withHolders(holders);
    }
    default:
      return state;
  }
};

/** The command's hour, normalised; refuses an empty list and cells outside the hour. */
const hourOf = ({ cells, hourStart }: SlotCommand): string => {
  if (cells.length === 0) throw new DomainError('VALIDATION', 'At least one cell is required');
  const hour = hourOfCell(hourStart);
  if (cells.some((cell) => hourOfCell(cell) !== hour)) throw new DomainError('VALIDATION', `Every cell must lie in the hour starting ${hourStart}`);
  return hour;
};

export const decideSlot = (command: SlotCommand, state: SlotState): SlotEvent[] => {
  const { mentorId, sessionId } = command;
  if (!sessionId) throw new DomainError('VALIDATION', 'A session id is required');
  const hourStart = hourOf(command);
  const cells = [...new Set(command.cells)].sort();
  switch (command.type) {
    case 'ReserveCells': {
      if (cells.some((cell) => (holderOf(state, cell) ?? sessionId) !== sessionId)) throw new DomainError('CONFLICT', SLOT_TAKEN_MESSAGE);
      const missing = cells.filter((cell) => holderOf(state, cell) === null);
      // Cells this session holds already are a retry of our own reservation.
      return missing.length > 0 ? [{ type: 'SlotsReserved', data: { mentorId, hourStart, sessionId, cells: missing } }] : [];
    }
    case 'ReleaseCells': {
      // Releasing what another session holds (or nobody does) is a no-op: compensation may release
      // every cell of a request, including those whose reservation failed, and must never free
      // another session's time.
      const mine = cells.filter((cell) => holderOf(state, cell) === sessionId);
      return mine.length > 0 ? [{ type: 'SlotsReleased', data: { mentorId, hourStart, sessionId, cells: mine } }] : [];
    }
    default:
      return assertNever(command);
  }
};

export const slotDecider: Decider<SlotState, SlotCommand, SlotEvent> = {
  initialState: initialSlotState,
  evolve: evolveSlot,
  decide: decideSlot,
};
