// Queries of the sessions read model: one session, a member's sessions, a session's thread,
// reschedule requests and holds, and the look-ups of availability and of the scheduler.
import { sql, type Kysely } from 'kysely';
import type { BookedInterval } from '../../domain/session/availability.js';
import { occupiesTime } from '../../domain/session/state.js';
import type { SessionStatus } from '../../domain/session/events.js';
import { toIso } from '../runtime/set-wise.js';
import { localDateTime, toSessionView, type SessionRowWithNames, type SessionView, type ViewOptions } from './session-view.js';
import type { SessionHoldRow } from './tables.js';
import type { ReadModelsDb } from '../read-models.js';
import type { Hold, Modification, ThreadMessage as ContractThreadMessage } from '../../api/contracts/sessions.js';

/** Sessions with both participants' names and pictures (members read model, read only). */
export const selectSessions = (db: Kysely<ReadModelsDb>) =>
  db
    .selectFrom('sessions as s')
    .leftJoin('members as stu', 'stu.id', 's.student_id')
    .leftJoin('members as ins', 'ins.id', 's.instructor_id')
    .selectAll('s')
    .select(['stu.name as student_name', 'stu.avatar_url as student_avatar', 'ins.name as instructor_name', 'ins.avatar_url as instructor_avatar']);

export const anyOf = (values: readonly string[]) => sql<string>`any(${[...new Set(values)]}::text[])`;

const loadHolds = async (db: Kysely<ReadModelsDb>, sessionIds: readonly string[]): Promise<Map<string, SessionHoldRow[]>> => {
  const bySession = new Map<string, SessionHoldRow[]>();
  if (sessionIds.length === 0) return bySession;
  const rows = await db.selectFrom('session_holds').selectAll().where('session_id', '=', anyOf(sessionIds)).orderBy('created_at').orderBy('hold_id').execute();
  for (const row of rows) {
    const list = bySession.get(row.session_id);
    if (list) list.push(row);
    else bySession.set(row.session_id, [row]);
  }
  return bySession;
};

/** Rows to views, with each session's holds fetched in one query. */
export const toViews = async (db: Kysely<ReadModelsDb>, rows: SessionRowWithNames[], options: ViewOptions = {}): Promise<SessionView[]> => {
  const holds = await loadHolds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSessionView(row, holds.get(row.id) ?? [], options));
};

/** One session with its holds, in one query (every write on a session answers with this). */
export const getSession = async (db: Kysely<ReadModelsDb>, id: string, options: ViewOptions = {}): Promise<SessionView | null> => {
  const row = await selectSessions(db)
    .select(
      sql<HoldAmount[]>`(select coalesce(json_agg(json_build_object('state', h.state, 'amount', h.amount) order by h.created_at, h.hold_id), '[]'::json)
        from session_holds h where h.session_id = s.id)`.as('holds'),
    )
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const { holds, ...session } = row;
  return toSessionView(session, holds, options);
};

type HoldAmount = Pick<SessionHoldRow, 'state' | 'amount'>;

/** Every session the member takes part in, on either side, latest start first. */
export const listMemberSessions = async (db: Kysely<ReadModelsDb>, memberId: string, options: Omit<ViewOptions, 'viewerId'> = {}): Promise<SessionView[]> => {
  const rows = await selectSessions(db)
    .where((eb) => eb.or([eb('s.student_id', '=', memberId), eb('s.instructor_id', '=', memberId)]))
    .orderBy('s.starts_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return toViews(db, rows, { ...options, viewerId: memberId });
};

/** The ThreadMessage of api/contracts/sessions.ts but the sender's name, which the route adds. */
export type ThreadMessage = Omit<ContractThreadMessage, 'sender_name'>;

/** The session's thread in the order its events were stored. */
export const getThread = async (db: Kysely<ReadModelsDb>, sessionId: string): Promise<ThreadMessage[]> => {
  const rows = await db.selectFrom('session_messages').selectAll().where('session_id', '=', sessionId).orderBy('created_at').orderBy('position').execute();
  return rows.map((r) => ({
    id: r.id,
    session_id: r.session_id,
    sender_id: r.sender_id,
    is_system_message: Boolean(r.is_system_message),
    message: r.message,
    created_at: toIso(r.created_at),
  }));
};

export type { Modification };

/** A session's reschedule requests, newest first (the first one is the 'recent modification'). */
export const listModifications = async (db: Kysely<ReadModelsDb>, sessionId: string, options: { timeZone?: string } = {}): Promise<Modification[]> => {
  const rows = await db.selectFrom('session_modifications').selectAll().where('session_id', '=', sessionId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => {
    const proposed = toIso(r.proposed_starts_at);
    const { date, time } = localDateTime(proposed, options.timeZone ?? 'UTC');
    return {
      id: r.id,
      session_id: r.session_id,
      status: r.status,
      proposed_by: r.proposed_by,
      proposed_starts_at: proposed,
      proposed_date: date,
      proposed_time: time,
      previous_starts_at: toIso(r.previous_starts_at),
      message: r.message,
      resolved_by: r.resolved_by,
      resolved_at: r.resolved_at === null ? null : toIso(r.resolved_at),
      created_at: toIso(r.created_at),
      updated_at: toIso(r.updated_at),
    };
  });
};

export type { Hold };

/** The holds placed for a session (normally one), oldest first; [] when none is known. */
export const getHolds = async (db: Kysely<ReadModelsDb>, sessionId: string): Promise<Hold[]> => {
  const rows = (await loadHolds(db, [sessionId])).get(sessionId) ?? [];
  return rows.map((r) => ({
    id: r.hold_id,
    session_id: r.session_id,
    member_id: r.member_id,
    state: r.state,
    amount: Number(r.amount),
    created_at: toIso(r.created_at),
    updated_at: toIso(r.updated_at),
  }));
};

const allStatuses: readonly SessionStatus[] = ['requested', 'confirmed', 'modification_pending', 'completed', 'cancelled', 'declined', 'rejected'];
// The domain decides which statuses keep a member busy; the query only follows it.
const occupyingStatuses = allStatuses.filter(occupiesTime);

/**
 * The times a member is busy with sessions (as mentor or as student: either way they cannot teach
 * then), for available slots and the smart calendar. `excludeSessionId` leaves out the session being
 * rescheduled; `from` drops sessions that ended before it.
 */
export const bookedIntervals = async (
  db: Kysely<ReadModelsDb>,
  memberId: string,
  options: { excludeSessionId?: string; from?: string } = {},
): Promise<BookedInterval[]> => {
  let query = db
    .selectFrom('sessions')
    .select(['starts_at', 'duration_minutes'])
    .where((eb) => eb.or([eb('student_id', '=', memberId), eb('instructor_id', '=', memberId)]))
    .where('status', 'in', occupyingStatuses);
  if (options.excludeSessionId !== undefined) query = query.where('id', '!=', options.excludeSessionId);
  if (options.from !== undefined) query = query.where('ends_at', '>', options.from);
  const rows = await query.orderBy('starts_at').execute();
  return rows.map((r) => ({ startsAt: toIso(r.starts_at), durationHours: Number(r.duration_minutes) / 60 }));
};

/**
 * What the scheduler must do at `now`: requests nobody answered before their start expire;
 * confirmed sessions (with or without a pending reschedule) whose end has passed complete.
 */
export const dueForScheduler = async (db: Kysely<ReadModelsDb>, now: string, options: { limit?: number } = {}): Promise<{ expire: string[]; complete: string[] }> => {
  const limit = options.limit ?? 500;
  const expire = await db
    .selectFrom('sessions')
    .select('id')
    .where('status', '=', 'requested')
    .where('starts_at', '<=', now)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const complete = await db
    .selectFrom('sessions')
    .select('id')
    .where('status', 'in', ['confirmed', 'modification_pending'])
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return { expire: expire.map((r) => r.id as string), complete: complete.map((r) => r.id as string) };
};
