// The sessions read model: one row per session, its thread, its reschedule requests and the
// student's hold as the ledger sees it. Written set-wise: one load and one write per table per batch.
import type { Kysely } from 'kysely';
import { sessionEventTypes, type SessionEvent } from '../../domain/session/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { loadRowsByKey, writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { evolveHold, evolveModification, evolveSession, modificationIdOf, threadMessageFor, type HoldEvent } from './evolve.js';
import { sessionsMigrations } from './migrations.js';
import type { SessionHoldRow, SessionMessageRow, SessionModificationRow, SessionRow } from './tables.js';

export const holdEventTypes = ['PointsHeld', 'HoldRefunded', 'HoldAdjudicated'] as const satisfies readonly HoldEvent['type'][];

const sessionColumns: readonly ColumnSpec[] = [
  { name: 'id', type: 'text' },
  { name: 'student_id', type: 'text' },
  { name: 'instructor_id', type: 'text' },
  { name: 'skill_id', type: 'text' },
  { name: 'skill_name', type: 'text' },
  { name: 'experience_level', type: 'text' },
  { name: 'starts_at', type: 'timestamptz' },
  { name: 'ends_at', type: 'timestamptz' },
  { name: 'duration_minutes', type: 'int4' },
  { name: 'cost', type: 'int4' },
  { name: 'points_per_hour', type: 'int4' },
  { name: 'hold_id', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'student_message', type: 'text' },
  { name: 'video_call_link', type: 'text' },
  { name: 'student_rating', type: 'int4' },
  { name: 'student_review', type: 'text' },
  { name: 'rated_at', type: 'timestamptz' },
  { name: 'status_reason', type: 'text' },
  { name: 'status_changed_by', type: 'text' },
  { name: 'pending_modification_id', type: 'text' },
  { name: 'modification_approved_by', type: 'text' },
  { name: 'modification_approved_at', type: 'timestamptz' },
  { name: 'completed_at', type: 'timestamptz' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
];

const messageColumns: readonly ColumnSpec[] = [
  { name: 'id', type: 'text' },
  { name: 'session_id', type: 'text' },
  { name: 'sender_id', type: 'text' },
  { name: 'is_system_message', type: 'bool' },
  { name: 'message', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'position', type: 'int8' },
];

const modificationColumns: readonly ColumnSpec[] = [
  { name: 'id', type: 'text' },
  { name: 'session_id', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'proposed_by', type: 'text' },
  { name: 'proposed_starts_at', type: 'timestamptz' },
  { name: 'previous_starts_at', type: 'timestamptz' },
  { name: 'message', type: 'text' },
  { name: 'resolved_by', type: 'text' },
  { name: 'resolved_at', type: 'timestamptz' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
];

const holdColumns: readonly ColumnSpec[] = [
  { name: 'hold_id', type: 'text' },
  { name: 'session_id', type: 'text' },
  { name: 'member_id', type: 'text' },
  { name: 'amount', type: 'int4' },
  { name: 'state', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
];

const sessionTypes: ReadonlySet<string> = new Set(sessionEventTypes);

const asRows = (rows: Iterable<object>) => [...rows] as unknown as Record<string, unknown>[];

/** Session + user notices for both participants (DESIGN.md §4: dashboards, stats and cards refresh). */
export const sessionNotices = (sessionId: string, participants: readonly string[]): ChangeNotice[] => [
  { scope: 'session', id: sessionId, participants: [...participants] },
  ...participants.map((id): ChangeNotice => ({ scope: 'user', id })),
];

export const sessionsProjector: Projector = {
  name: 'sessions',
  version: 1,
  tables: ['sessions', 'session_messages', 'session_modifications', 'session_holds'],
  migrations: sessionsMigrations,
  handles: [...sessionEventTypes, ...holdEventTypes],
  writesInOneStatement: true,
  async apply(db: Kysely<any>, events: RecordedEvent[]): Promise<ChangeNotice[]> {
    const sessionEvents: { event: SessionEvent; recorded: RecordedEvent }[] = [];
    const holdEvents: { event: HoldEvent; recorded: RecordedEvent }[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data };
      if (sessionTypes.has(recorded.type)) sessionEvents.push({ event: event as SessionEvent, recorded });
      else holdEvents.push({ event: event as HoldEvent, recorded });
    }

    // A session's row begins with its SessionRequested and a hold's with its PointsHeld (each the first
    // event of its kind for that id, and nothing else creates the rows): for those in this batch nothing
    // is stored yet, so a batch of new bookings reads neither table.
    const createdSessions = new Set(sessionEvents.filter(({ event }) => event.type === 'SessionRequested').map(({ event }) => event.data.sessionId));
    const createdHolds = new Set(holdEvents.filter(({ event }) => event.type === 'PointsHeld').map(({ event }) => event.data.holdId));
    const sessionIds = [...sessionEvents.map(({ event }) => event.data.sessionId), ...holdEvents.map(({ event }) => event.data.sessionId)].filter((id) => !createdSessions.has(id));
    const holdIds = holdEvents.map(({ event }) => event.data.holdId).filter((id) => !createdHolds.has(id));
    const modificationIds = sessionEvents.map(({ event }) => modificationIdOf(event)).filter((id): id is string => id !== null);
    // One after another: on PGlite a transaction is a single connection.
    const storedSessions = await loadRowsByKey<SessionRow>(db, 'sessions', 'id', sessionIds);
    const storedModifications = await loadRowsByKey<SessionModificationRow>(db, 'session_modifications', 'id', modificationIds);
    const storedHolds = await loadRowsByKey<SessionHoldRow>(db, 'session_holds', 'hold_id', holdIds);

    const sessions = new Map<string, SessionRow>();
    const modifications = new Map<string, SessionModificationRow>();
    const messages = new Map<string, SessionMessageRow>();
    const holds = new Map<string, SessionHoldRow>();
    const notices: ChangeNotice[] = [];

    for (const { event, recorded } of sessionEvents) {
      const { occurredAt } = recorded.metadata;
      const id = event.data.sessionId;
      const session = evolveSession(sessions.get(id) ?? storedSessions.get(id) ?? null, event, occurredAt);
      if (session) sessions.set(id, session);
      const modificationId = modificationIdOf(event);
      if (modificationId !== null) {
        const before = modifications.get(modificationId) ?? storedModifications.get(modificationId) ?? null;
        const modification = evolveModification(before, event, occurredAt);
        if (modification) modifications.set(modificationId, modification);
      }
      const message = threadMessageFor(event, recorded);
      if (message && !messages.has(message.id)) messages.set(message.id, message);
      notices.push(...sessionNotices(id, [event.data.studentId, event.data.instructorId]));
    }

    for (const { event, recorded } of holdEvents) {
      const { holdId, sessionId } = event.data;
      holds.set(holdId, evolveHold(holds.get(holdId) ?? storedHolds.get(holdId) ?? null, event, recorded.metadata.occurredAt));
      // The hold can be placed before the session is stored; then only the student is known.
      const session = sessions.get(sessionId) ?? storedSessions.get(sessionId);
      notices.push(...sessionNotices(sessionId, session ? [session.student_id, session.instructor_id] : [event.data.memberId]));
    }

    await writeRows(db, 'sessions', sessionColumns, asRows(sessions.values()), { key: ['id'], onConflict: 'update' });
    await writeRows(db, 'session_modifications', modificationColumns, asRows(modifications.values()), { key: ['id'], onConflict: 'update' });
    // Keyed by message or event id: re-applying an event cannot duplicate a line.
    await writeRows(db, 'session_messages', messageColumns, asRows(messages.values()), { key: ['id'], onConflict: 'nothing' });
    await writeRows(db, 'session_holds', holdColumns, asRows(holds.values()), { key: ['hold_id'], onConflict: 'update' });
    return notices;
  },
};
