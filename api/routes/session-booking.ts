// Booking a session (issue 3 §3): POST /api/sessions. A new session is answered from its write (its
// view is built from SessionRequested), so the answer does not wait for the read models; the
// participants' next requests do (plugins/read-your-writes.ts, decision 43).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestSession, type RequestSessionInput, type RequestSessionResult } from '../../commands/sessions/request-session.js';
import { requestedSessionView, type SessionView } from '../../projections/sessions/session-view.js';
import { requestSessionBodySchema, sessionSchema, type RequestSessionBody } from '../contracts/sessions.js';
import type { AppDeps } from '../deps.js';
import { currentMember } from '../plugins/session.js';
import { assertSelf, participantsOf, sessionFor, viewerOf } from '../session-access.js';
import { sessionErrors, sessionTags } from './route-schemas.js';

/** The command for a body; the student is the signed-in member, and the session id is new. */
// No correlationId: the booking's events carry the session's id as theirs (request-session.ts), as every
// later action on the session does (session-access.ts actionOf).
const bookingOf = (body: RequestSessionBody, studentId: string, now: string): RequestSessionInput => ({
  sessionId: randomUUID(),
  sessionIdIsNew: true,
  studentId,
  instructorId: body.instructor_id,
  skillId: body.skill_id,
  startsAt: body.scheduled_at,
  date: body.session_date,
  time: body.session_time,
  durationHours: body.duration ?? 1,
  message: body.student_message ?? '',
  now,
});

/** The view of the session this request created, from its write; null for a re-sent request. */
const createdView = (result: RequestSessionResult, occurredAt: string, viewerId: string): SessionView | null => {
  const requested = result.events.find((e) => e.type === 'SessionRequested');
  if (!result.checkpoint || !requested || !result.participants || !result.viewerTimeZone) return null;
  return requestedSessionView(requested, occurredAt, result.participants, { viewerId, timeZone: result.viewerTimeZone });
};

export const sessionBookingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { commands } = deps;

  app.post(
    '/api/sessions',
    { schema: { tags: sessionTags, body: requestSessionBodySchema, response: { 201: sessionSchema, ...sessionErrors } } },
    async (request, reply) => {
      // The student's zone comes from their own stream, which the command reads anyway, so the request
      // costs no read-model lookup first.
      const { memberId } = currentMember(request);
      assertSelf(request.body.student_id, memberId, 'You can only request sessions for yourself');
      const at = deps.clock().toISOString(); // the events' occurredAt, which the answer's created_at and updated_at show
      const result = await requestSession(commands, bookingOf(request.body, memberId, at));
      // Of every stream the booking wrote: the student's next read of their balance shows the hold.
      const written = reply.afterWrite({ checkpoint: result.checkpoint, events: result.wrote }, participantsOf(result.session));
      const created = createdView(result, at, memberId);
      if (created) return reply.code(201).send(created);
      // A re-sent request wrote nothing: it is answered with the session as it stands.
      await written;
      return reply.code(201).send(await sessionFor(deps, result.sessionId, await viewerOf(deps, request)));
    },
  );
};
