// What the session follow-ups must leave true, read from the event log itself (the source of truth,
// so no read model's lag can hide or fake a problem):
// - each member's held points equal the cost of their active sessions (requested, confirmed or with a
//   reschedule pending), and each session's hold is active exactly while the session is;
// - the sum of available + held over all ledgers equals every point ever granted;
// - no slot cell is reserved for a session that ended without taking place.
import type { LedgerEvent } from '../../domain/ledger/events.js';
import { evolveLedger, initialLedgerState, type LedgerState } from '../../domain/ledger/state.js';
import type { SessionEvent } from '../../domain/session/events.js';
import { foldSession, type SessionState } from '../../domain/session/state.js';
import { evolveSlot, initialSlotState, type SlotState } from '../../domain/slot/decider.js';
import type { SlotEvent } from '../../domain/slot/events.js';
import type { Checkpoint, EventStore, RecordedEvent } from '../../eventstore/types.js';

const ACTIVE = new Set<SessionState['status']>(['requested', 'confirmed', 'modification_pending']);

const byStream = async (store: EventStore): Promise<Map<string, RecordedEvent[]>> => {
  const streams = new Map<string, RecordedEvent[]>();
  let after: Checkpoint | null = null;
  for (;;) {
    const batch = await store.readAll({ after, limit: 5000 });
    if (batch.length === 0) return streams;
    for (const event of batch) {
      const list = streams.get(event.streamId) ?? [];
      list.push(event);
      streams.set(event.streamId, list);
    }
    after = batch.at(-1)!.checkpoint;
  }
};

const fold = <S, E>(events: RecordedEvent[], initial: S, evolve: (s: S, e: E) => S): S =>
  events.reduce((state, r) => evolve(state, { type: r.type, data: r.data } as E), initial);

export interface FollowUpReport {
  sessions: number;
  activeSessions: number;
  /** Every broken promise, one line each; empty when all hold. */
  problems: string[];
}

export const checkFollowUpInvariants = async (store: EventStore): Promise<FollowUpReport> => {
  const streams = await byStream(store);
  const sessions = new Map<string, SessionState>();
  const ledgers = new Map<string, LedgerState>();
  const slots: SlotState[] = [];
  let granted = 0;
  for (const [streamId, events] of streams) {
    if (streamId.startsWith('session-')) {
      const state = foldSession(events.map((r) => ({ type: r.type, data: r.data }) as SessionEvent));
      if (state.status !== 'none') sessions.set(state.session.sessionId, state);
    } else if (streamId.startsWith('ledger-')) {
      ledgers.set(streamId.slice('ledger-'.length), fold<LedgerState, LedgerEvent>(events, initialLedgerState(), evolveLedger));
      for (const e of events) if (e.type === 'PointsGranted') granted += Number((e.data as { amount: number }).amount);
    } else if (streamId.startsWith('slots-')) {
      slots.push(fold<SlotState, SlotEvent>(events, initialSlotState(), evolveSlot));
    }
  }
  const problems: string[] = [];
  const activeCost = new Map<string, number>();
  for (const [sessionId, state] of sessions) {
    if (state.status === 'none') continue;
    const { studentId, holdId, cost } = state.session;
    const active = ACTIVE.has(state.status);
    if (active) activeCost.set(studentId, (activeCost.get(studentId) ?? 0) + cost);
    const hold = ledgers.get(studentId)?.holds.get(holdId);
    if (active && hold?.state !== 'active') problems.push(`session ${sessionId} is ${state.status} but its hold is ${hold?.state ?? 'missing'}`);
    if (!active && hold?.state === 'active') problems.push(`session ${sessionId} is ${state.status} but its hold is still active`);
  }
  let available = 0;
  let held = 0;
  for (const [memberId, ledger] of ledgers) {
    available += ledger.available;
    held += ledger.held;
    if (ledger.available < 0 || ledger.held < 0) problems.push(`member ${memberId} has a negative balance (${ledger.available} / ${ledger.held})`);
    const expected = activeCost.get(memberId) ?? 0;
    if (ledger.held !== expected) problems.push(`member ${memberId} holds ${ledger.held} points for active sessions costing ${expected}`);
  }
  if (available + held !== granted) problems.push(`available ${available} + held ${held} != granted ${granted}`);
  for (const slot of slots) {
    if (slot.status !== 'taken') continue;
    for (const [cell, sessionId] of Object.entries(slot.holders)) {
      const state = sessions.get(sessionId);
      // A completed session keeps its (past) time; only sessions that did not take place give it back.
      if (!state || !(ACTIVE.has(state.status) || state.status === 'completed'))
        problems.push(`cell ${cell} is still reserved for session ${sessionId} (${state?.status ?? 'unknown'})`);
    }
  }
  const activeSessions = [...sessions.values()].filter((s) => ACTIVE.has(s.status)).length;
  return { sessions: sessions.size, activeSessions, problems };
};
