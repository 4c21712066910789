// Checks shared by the session decide functions. Each throws a DomainError with a readable text.
import { DomainError } from '../shared.js';
import type { DomainErrorCode } from '../shared.js';
import type { SessionRef } from './events.js';
import { START_GRID_MINUTES, texts } from './rules.js';
import type { ExistingSession, SessionState } from './state.js';

export function fail(code: DomainErrorCode, message: string): never {
  throw new DomainError(code, message);
}

export const existing = (state: SessionState): ExistingSession => (state.status === 'none' ? fail('NOT_FOUND', texts.notFound) : state);

export type Role = 'student' | 'instructor';

export const roleOf = (session: SessionRef, memberId: string): Role | null =>
  memberId === session.studentId ? 'student' : memberId === session.instructorId ? 'instructor' : null;

/** Refuses outsiders before anything about the session's state is revealed to them. */
export const participantRole = (session: SessionRef, actorId: string): Role => roleOf(session, actorId) ?? fail('NOT_AUTHORISED', texts.notParticipant);

export const otherParticipant = (session: SessionRef, memberId: string): string => (memberId === session.studentId ? session.instructorId : session.studentId);

export const instantMs = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? fail('VALIDATION', `Invalid instant: ${iso}`) : ms;
};

/**
 * A chosen start: present, a real instant, on the 15-minute grid every local hour falls on (so
 * slot reservations are exact), and after `now`. Returns it normalised to ISO with milliseconds.
 */
export const chosenStart = (startsAt: string | null, now: string): string => {
  const ms = startsAt ? Date.parse(startsAt) : Number.NaN;
  if (Number.isNaN(ms)) fail('VALIDATION', texts.selectDateAndTime);
  if (ms % (START_GRID_MINUTES * 60_000) !== 0) fail('VALIDATION', texts.startOffGrid);
  if (ms <= instantMs(now)) fail('VALIDATION', texts.startInPast);
  return new Date(ms).toISOString();
};

export const requireId = (id: string | undefined | null): string => (id && id.trim() ? id : fail('VALIDATION', texts.idRequired));

export const maxLength = (text: string, max: number, message: string): string => (text.length > max ? fail('VALIDATION', message) : text);
