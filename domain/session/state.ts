// Session state, folded from the stream. evolve is total: an event that does not fit the current
// state (it cannot be produced by decide, but old or hand-repaired data might hold one) is ignored.
import type { LegacySessionStatus, SessionEvent, SessionEventType, SessionRef, SessionStatus } from './events.js';

export interface PendingReschedule {
  modificationId: string;
  proposedBy: string;
  proposedStartsAt: string;
  message: string;
}

export interface SessionRating {
  ratedBy: string;
  stars: number;
  review: string | null;
}

export type SessionState =
  | { status: 'none' }
  | { status: 'requested'; session: SessionRef }
  | { status: 'confirmed'; session: SessionRef; videoCallLink: string }
  | { status: 'modification_pending'; session: SessionRef; videoCallLink: string; pending: PendingReschedule }
  | { status: 'completed'; session: SessionRef; videoCallLink: string; rating: SessionRating | null }
  | { status: 'cancelled'; session: SessionRef; cancelledBy: string; reason: string | null }
  | { status: 'declined'; session: SessionRef }
  | { status: 'rejected'; session: SessionRef; rejectedBy: string; reason: string };

export type ExistingSession = Exclude<SessionState, { status: 'none' }>;

export const initialState = (): SessionState => ({ status: 'none' });

/** Copies only the SessionRef fields, so extra event data never leaks into state. */
export const toRef = (data: SessionRef): SessionRef => ({
  sessionId: data.sessionId,
  studentId: data.studentId,
  instructorId: data.instructorId,
  skillId: data.skillId,
  skillName: data.skillName,
  experienceLevel: data.experienceLevel,
  startsAt: data.startsAt,
  durationHours: data.durationHours,
  cost: data.cost,
  holdId: data.holdId,
});

export const evolve = (state: SessionState, event: SessionEvent): SessionState => {
  switch (event.type) {
    case 'SessionRequested':
      return state.status === 'none' ? { status: 'requested', session: toRef(event.data) } : state;
    case 'SessionApproved':
      return state.status === 'requested' ? { status: 'confirmed', session: state.session, videoCallLink: event.data.videoCallLink } : state;
    case 'SessionRejected':
      return state.status === 'requested' ? { status: 'rejected', session: state.session, rejectedBy: event.data.rejectedBy, reason: event.data.reason } : state;
    case 'SessionRequestCancelled':
      return state.status === 'requested' ? { status: 'cancelled', session: state.session, cancelledBy: event.data.cancelledBy, reason: null } : state;
    case 'SessionRequestExpired':
      return state.status === 'requested' ? { status: 'declined', session: state.session } : state;
    case 'RescheduleProposed': {
      if (state.status !== 'confirmed') return state;
      const { modificationId, proposedBy, proposedStartsAt, message } = event.data;
      return { ...state, status: 'modification_pending', pending: { modificationId, proposedBy, proposedStartsAt, message } };
    }
    case 'RescheduleApproved':
      return state.status === 'modification_pending' ? { status: 'confirmed', session: toRef(event.data), videoCallLink: state.videoCallLink } : state;
    case 'RescheduleDeclined':
    case 'RescheduleCancelled':
      return state.status === 'modification_pending' ? { status: 'confirmed', session: state.session, videoCallLink: state.videoCallLink } : state;
    case 'SessionCancelled':
      return state.status === 'confirmed' || state.status === 'modification_pending'
        ? { status: 'cancelled', session: state.session, cancelledBy: event.data.cancelledBy, reason: event.data.reason }
        : state;
    case 'SessionCompleted':
      return state.status === 'confirmed' || state.status === 'modification_pending'
        ? { status: 'completed', session: state.session, videoCallLink: state.videoCallLink, rating: null }
        : state;
    case 'SessionRated': {
      if (state.status !== 'completed' || state.rating) return state;
      const { ratedBy, stars, review } = event.data;
      return { ...state, rating: { ratedBy, stars, review } };
    }
    case 'ThreadMessagePosted':
      return state;
    default:
      // Unknown event types from newer writers are ignored rather than crashing old readers.
      return state;
  }
};

/** The status a session has right after an event of this type; null when the event leaves it as it was. */
export const statusAfter: Readonly<Record<SessionEventType, SessionStatus | null>> = {
  SessionRequested: 'requested',
  SessionApproved: 'confirmed',
  SessionRejected: 'rejected',
  SessionRequestCancelled: 'cancelled',
  SessionRequestExpired: 'declined',
  RescheduleProposed: 'modification_pending',
  RescheduleApproved: 'confirmed',
  RescheduleDeclined: 'confirmed',
  RescheduleCancelled: 'confirmed',
  SessionCancelled: 'cancelled',
  SessionCompleted: 'completed',
  SessionRated: null,
  ThreadMessagePosted: null,
};

export const foldSession = (events: readonly SessionEvent[]): SessionState => events.reduce(evolve, initialState());

/** Reads statuses from old data: 'pending' is the legacy name of 'requested'. Unknown values give null. */
export const normaliseSessionStatus = (status: string): SessionStatus | null => {
  const known: readonly LegacySessionStatus[] = ['pending', 'requested', 'confirmed', 'modification_pending', 'completed', 'cancelled', 'declined', 'rejected'];
  if (!(known as readonly string[]).includes(status)) return null;
  return status === 'pending' ? 'requested' : (status as SessionStatus);
};

/** History holds the sessions that ended without taking place (cancelled, declined, rejected). */
export type DashboardTab = 'requested' | 'upcoming' | 'completed' | 'history';

/** Spec 000 §4 tab mapping of the sessions that occupy time; declined, rejected and cancelled ones give null. */
export const dashboardTabOf = (status: string): DashboardTab | null => {
  switch (normaliseSessionStatus(status)) {
    case 'requested':
      return 'requested';
    case 'confirmed':
    case 'modification_pending':
      return 'upcoming';
    case 'completed':
      return 'completed';
    default:
      return null;
  }
};

/** Sessions in these statuses occupy their time: availability must treat them as booked. */
export const occupiesTime = (status: string): boolean => dashboardTabOf(status) !== null;
