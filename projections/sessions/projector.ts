// The sessions read model: one row per session, its thread, its reschedule requests and the
// student's hold as the ledger sees it.
import { sessionEventTypes, type SessionEvent } from '../../domain/session/events.js';
import { memberChanged, toMembers } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import type { ChangeNotice } from '../types.js';
import { evolveHold, evolveModification, evolveSession, modificationIdOf, threadMessageFor, type HoldEvent } from './evolve.js';
import { sessionsTables } from './tables.js';

export const holdEventTypes = ['PointsHeld', 'HoldRefunded', 'HoldAdjudicated'] as const satisfies readonly HoldEvent['type'][];

const holdTypes: ReadonlySet<string> = new Set(holdEventTypes);
const isHoldEvent = (event: Recorded<SessionEvent | HoldEvent>): event is Recorded<HoldEvent> => holdTypes.has(event.type);

/** Session + user notices for both participants (DESIGN.md §4: their cards, dashboards and session lists refresh). */
export const sessionNotices = (sessionId: string, participants: readonly string[]): ChangeNotice[] => [
  toMembers(participants, { type: 'changed', scope: 'session', id: sessionId }),
  ...participants.map((id) => memberChanged(id, 'sessions')),
];

export const sessionsProjector = defineProjection({
  name: 'sessions',
  version: 1,
  migration: '20261123T0900-create-sessions',
  tables: sessionsTables,
  canHandle: [...sessionEventTypes, ...holdEventTypes],
  reads: (event: Recorded<SessionEvent | HoldEvent>) =>
    isHoldEvent(event)
      ? { sessions: event.data.sessionId, session_holds: event.data.holdId }
      : { sessions: event.data.sessionId, session_modifications: modificationIdOf(event) ?? [] },
  // A session's row begins with its SessionRequested and a hold's with its PointsHeld: a batch of new
  // bookings reads neither table.
  creates: (event) => (event.type === 'SessionRequested' ? { sessions: event.data.sessionId } : event.type === 'PointsHeld' ? { session_holds: event.data.holdId } : {}),
  evolve(rows, event) {
    const { occurredAt } = event.metadata;
    const { sessionId } = event.data;
    if (isHoldEvent(event)) {
      rows.session_holds.put(evolveHold(rows.session_holds.get(event.data.holdId) ?? null, event, occurredAt));
      // The hold is placed before its session is requested: until then only the student hears of it
      // (the request, often in the same batch, tells both about the session).
      const session = rows.sessions.get(sessionId);
      return session ? sessionNotices(sessionId, [session.student_id, session.instructor_id]) : [memberChanged(event.data.memberId, 'sessions')];
    }
    const session = evolveSession(rows.sessions.get(sessionId) ?? null, event, occurredAt);
    if (session) rows.sessions.put(session);
    const modificationId = modificationIdOf(event);
    const modification = modificationId === null ? null : evolveModification(rows.session_modifications.get(modificationId) ?? null, event, occurredAt);
    if (modification) rows.session_modifications.put(modification);
    const message = threadMessageFor(event, event);
    if (message && !rows.session_messages.get(message.id)) rows.session_messages.put(message);
    return sessionNotices(sessionId, [event.data.studentId, event.data.instructorId]);
  },
});
