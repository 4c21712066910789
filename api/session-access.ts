// What every session route needs: the viewer's zone, the body-id compatibility rule (DESIGN.md §6),
// participant checks, and the answer of a session command under the one consistency policy.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRef } from '../domain/session/events.js';
import { texts } from '../domain/session/rules.js';
import { getMember } from '../projections/members/queries.js';
import { getSession } from '../projections/sessions/queries.js';
import type { SessionView } from '../projections/sessions/session-view.js';
import type { AppDeps } from './deps.js';
import { HttpError } from './http-error.js';
import { currentMember } from './plugins/session.js';
import type { Written } from './plugins/read-your-writes.js';

export const NOT_PARTICIPANT: string = texts.notParticipant;

/** The signed-in member's IANA zone from their profile; UTC when the read model does not know it yet. */
export const viewerTimeZone = async (deps: AppDeps, memberId: string): Promise<string> => (await getMember(deps.sql.db, memberId))?.timeZone ?? 'UTC';

/**
 * The spec's client sends its own id in bodies (student_id, approved_by, user_id...). We accept it
 * for compatibility, but it must name the signed-in member: identity comes from the cookie only.
 */
export const assertSelf = (given: string | null | undefined, memberId: string, message = 'You can only act as yourself') => {
  if (given !== undefined && given !== null && given !== '' && given !== memberId) throw new HttpError(403, message);
};

/** For routes under /api/users/:id that only the member themselves may see. */
export const assertOwnPath = (pathId: string, memberId: string, message = 'You can only view your own data') => {
  if (pathId !== memberId) throw new HttpError(403, message);
};

export interface Viewer {
  memberId: string;
  timeZone: string;
}

export const viewerOf = async (deps: AppDeps, request: FastifyRequest): Promise<Viewer> => {
  const { memberId } = currentMember(request);
  return { memberId, timeZone: await viewerTimeZone(deps, memberId) };
};

/** A session the viewer takes part in: 404 when unknown, 403 for anyone else. */
export const participantSession = async (deps: AppDeps, sessionId: string, viewer: Viewer, forbidden = NOT_PARTICIPANT): Promise<SessionView> => {
  const session = await getSession(deps.sql.db, sessionId, { viewerId: viewer.memberId, timeZone: viewer.timeZone });
  if (!session) throw new HttpError(404, texts.notFound);
  if (session.role === null) throw new HttpError(403, forbidden);
  return session;
};

/** The session as the viewer sees it; 404 when the read models do not know it. */
export const sessionFor = async (deps: AppDeps, sessionId: string, viewer: Viewer): Promise<SessionView> => {
  const session = await getSession(deps.sql.db, sessionId, { viewerId: viewer.memberId, timeZone: viewer.timeZone });
  if (!session) throw new HttpError(404, texts.notFound);
  return session;
};

/** The members a session write concerns: both participants. */
export const participantsOf = (session: Pick<SessionRef, 'studentId' | 'instructorId'>): string[] => [session.studentId, session.instructorId];

/** What every session action takes from its request: the session, the actor, the time and the request id. */
export const actionOf = (request: { params: { id: string }; id: string }, viewer: Viewer, now: string) => ({
  sessionId: request.params.id,
  actorId: viewer.memberId,
  now,
  // A session's chain (request, hold, slots, approval, transfer) is followed by one correlation id,
  // the session's own (decision 223); the HTTP request id stays in the logs.
  correlationId: request.params.id,
});

/**
 * Answers a session command with the session (plugins/read-your-writes.ts): both participants' next
 * requests wait until the read models show the write, and so does this answer, which is read from them.
 */
export const answerWithSession = async (
  deps: AppDeps,
  reply: FastifyReply,
  result: Written & { session: { session: SessionRef } },
  viewer: Viewer,
): Promise<SessionView> => {
  const { session } = result.session;
  await reply.afterWrite(result, participantsOf(session));
  return sessionFor(deps, session.sessionId, viewer);
};
