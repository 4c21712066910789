// A session's lifecycle (issue 3 §3, §4): the mentor approves or rejects a request, the student
// withdraws it, either cancels a confirmed session, the mentor completes it and the student rates it.
// Each answers with the session once the read models show the command (session-access.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approveSession, cancelSession, cancelSessionRequest, markSessionCompleted, rateSession, rejectSession } from '../../commands/sessions/session-actions.js';
import { approveBodySchema, cancelRequestBodySchema, cancelSessionBodySchema, completeBodySchema, rateBodySchema, rejectBodySchema } from '../contracts/sessions.js';
import type { AppDeps } from '../deps.js';
import { actionOf, answerWithSession, assertSelf, viewerOf } from '../session-access.js';
import { sessionCommandSchema } from './route-schemas.js';

export const sessionLifecycleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { commands } = deps;
  const now = () => deps.clock().toISOString();

  app.post('/api/sessions/:id/approve', { schema: sessionCommandSchema(approveBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.approved_by, viewer.memberId);
    const result = await approveSession(commands, actionOf(request, viewer, now()));
    return answerWithSession(deps, reply, result, viewer);
  });

  /** The reason is required: an empty or blank one is the domain's 400. */
  app.post('/api/sessions/:id/reject', { schema: sessionCommandSchema(rejectBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.rejected_by, viewer.memberId);
    const reason = (request.body?.rejection_message ?? '').trim();
    const result = await rejectSession(commands, { ...actionOf(request, viewer, now()), reason });
    return answerWithSession(deps, reply, result, viewer);
  });

  app.post('/api/sessions/:id/cancel', { schema: sessionCommandSchema(cancelRequestBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.cancelled_by, viewer.memberId);
    const result = await cancelSessionRequest(commands, actionOf(request, viewer, now()));
    return answerWithSession(deps, reply, result, viewer);
  });

  app.post('/api/sessions/:id/cancel-session', { schema: sessionCommandSchema(cancelSessionBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.user_id, viewer.memberId);
    const reason = (request.body?.reason ?? '').trim();
    const result = await cancelSession(commands, { ...actionOf(request, viewer, now()), reason });
    return answerWithSession(deps, reply, result, viewer);
  });

  app.post('/api/sessions/:id/complete', { schema: sessionCommandSchema(completeBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.user_id, viewer.memberId);
    const result = await markSessionCompleted(commands, actionOf(request, viewer, now()));
    return answerWithSession(deps, reply, result, viewer);
  });

  app.post('/api/sessions/:id/rate', { schema: sessionCommandSchema(rateBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.user_id, viewer.memberId);
    const { rating = null, review } = request.body ?? {};
    const result = await rateSession(commands, { ...actionOf(request, viewer, now()), stars: rating, review: (review ?? '').trim() });
    return answerWithSession(deps, reply, result, viewer);
  });
};
