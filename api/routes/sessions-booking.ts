// Session writes (issue 3 §3, §4): request, approve, reject, withdraw, cancel, complete, rate and
// chat. Each handler runs one command, waits for the read models and answers with the session, except
// the request itself, which answers from its write and leaves the wait to the participants' next
// requests (decision 43).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestSession } from '../../commands/sessions/request-session.js';
import {
  approveSession,
  cancelSession,
  cancelSessionRequest,
  markSessionCompleted,
  postThreadMessage,
  rateSession,
  rejectSession,
} from '../../commands/sessions/session-actions.js';
import { getMembers } from '../../projections/members/queries.js';
import { getThread } from '../../projections/sessions/queries.js';
import { requestedSessionView } from '../../projections/sessions/session-view.js';
import { errorBodySchema } from '../contracts/members.js';
import {
  approveBodySchema,
  cancelRequestBodySchema,
  cancelSessionBodySchema,
  completeBodySchema,
  rateBodySchema,
  rejectBodySchema,
  requestSessionBodySchema,
  sessionIdParams,
  sessionSchema,
  threadMessageBodySchema,
  threadMessageSchema,
} from '../contracts/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import type { ReadYourWrites } from '../read-your-writes.js';
import { assertSelf, sessionAfter, viewerOf } from '../session-access.js';

const tags = ['sessions'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const schema = <B>(body: B) => ({ tags, params: sessionIdParams, body, response: { 200: sessionSchema, ...errors } });

export const sessionBookingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; readYourWrites: ReadYourWrites }> = async (app, { deps, readYourWrites }) => {
  const commands = deps.commands;
  const now = () => deps.clock().toISOString();

  app.post('/api/sessions', { schema: { tags, body: requestSessionBodySchema, response: { 201: sessionSchema, ...errors } } }, async (request, reply) => {
    // The student's zone comes from their own stream, which the command reads anyway (it is what the
    // profile read model shows once caught up), so the request costs no read-model lookup first.
    const { memberId } = currentMember(request);
    const body = request.body;
    assertSelf(body.student_id ?? body.studentId, memberId, 'You can only request sessions for yourself');
    const at = now(); // the events' occurredAt, which the answer's created_at and updated_at show
    const result = await requestSession(commands, {
      sessionId: randomUUID(),
      sessionIdIsNew: true,
      studentId: memberId,
      instructorId: body.instructor_id ?? body.instructorId ?? '',
      skillId: body.skill_id ?? body.skillId ?? '',
      startsAt: body.scheduled_at,
      date: body.session_date,
      time: body.session_time,
      durationHours: body.duration ?? 1,
      message: body.student_message ?? body.requestMessage ?? '',
      now: at,
      correlationId: request.id,
    });
    const requested = result.events.find((e) => e.type === 'SessionRequested');
    if (result.checkpoint && requested && result.participants && result.viewerTimeZone) {
      // A new session: its view comes from the write (no query), so the answer need not wait for the
      // projections; the participants' next requests do (read-your-writes.ts).
      const view = requestedSessionView(requested, at, result.participants, { viewerId: memberId, timeZone: result.viewerTimeZone });
      readYourWrites.wrote([view.student_id, view.instructor_id], result.checkpoint);
      return reply.code(201).send(view);
    }
    // A re-sent request: the session as it stands.
    return reply.code(201).send(await sessionAfter(deps, result.checkpoint, result.sessionId, await viewerOf(deps, request)));
  });

  app.post('/api/sessions/:id/approve', { schema: schema(approveBodySchema) }, async (request) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.approved_by, viewer.memberId);
    const result = await approveSession(commands, { sessionId: request.params.id, actorId: viewer.memberId, now: now(), correlationId: request.id });
    return sessionAfter(deps, result.checkpoint, request.params.id, viewer);
  });

  app.post('/api/sessions/:id/reject', { schema: schema(rejectBodySchema) }, async (request) => {
    const viewer = await viewerOf(deps, request);
    const { rejected_by, rejection_message, reason } = request.body ?? {};
    assertSelf(rejected_by, viewer.memberId);
    const result = await rejectSession(commands, {
      sessionId: request.params.id,
      actorId: viewer.memberId,
      now: now(),
      reason: (rejection_message ?? reason ?? '').trim(),
      correlationId: request.id,
    });
    return sessionAfter(deps, result.checkpoint, request.params.id, viewer);
  });

  app.post('/api/sessions/:id/cancel', { schema: schema(cancelRequestBodySchema) }, async (request) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.cancelled_by, viewer.memberId);
    const result = await cancelSessionRequest(commands, { sessionId: request.params.id, actorId: viewer.memberId, now: now(), correlationId: request.id });
    return sessionAfter(deps, result.checkpoint, request.params.id, viewer);
  });

  app.post('/api/sessions/:id/cancel-session', { schema: schema(cancelSessionBodySchema) }, async (request) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.user_id, viewer.memberId);
    const result = await cancelSession(commands, {
      sessionId: request.params.id,
      actorId: viewer.memberId,
      now: now(),
      reason: (request.body?.reason ?? '').trim(),
      correlationId: request.id,
    });
    return sessionAfter(deps, result.checkpoint, request.params.id, viewer);
  });

  app.post('/api/sessions/:id/complete', { schema: schema(completeBodySchema) }, async (request) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.user_id, viewer.memberId);
    const result = await markSessionCompleted(commands, { sessionId: request.params.id, actorId: viewer.memberId, now: now(), correlationId: request.id });
    return sessionAfter(deps, result.checkpoint, request.params.id, viewer);
  });

  app.post('/api/sessions/:id/rate', { schema: schema(rateBodySchema) }, async (request) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.user_id, viewer.memberId);
    const result = await rateSession(commands, {
      sessionId: request.params.id,
      actorId: viewer.memberId,
      now: now(),
      stars: request.body?.rating ?? null,
      review: (request.body?.review ?? '').trim(),
      correlationId: request.id,
    });
    return sessionAfter(deps, result.checkpoint, request.params.id, viewer);
  });

  app.post(
    '/api/sessions/:id/message',
    { schema: { tags, params: sessionIdParams, body: threadMessageBodySchema, response: { 201: threadMessageSchema, ...errors } } },
    async (request, reply) => {
      const viewer = await viewerOf(deps, request);
      assertSelf(request.body.sender_id, viewer.memberId);
      const messageId = randomUUID();
      const result = await postThreadMessage(commands, {
        sessionId: request.params.id,
        actorId: viewer.memberId,
        now: now(),
        message: request.body.message.trim(),
        messageId,
        correlationId: request.id,
      });
      if (result.checkpoint) await deps.runtime.waitFor(result.checkpoint);
      const posted = (await getThread(deps.sql.db, request.params.id)).find((m) => m.id === messageId);
      if (!posted) throw new HttpError(404, 'Message not found');
      const [sender] = await getMembers(deps.sql.db, [viewer.memberId]);
      return reply.code(201).send({ ...posted, sender_name: sender?.name ?? null });
    },
  );
};
