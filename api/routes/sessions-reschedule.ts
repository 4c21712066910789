// Reschedule requests (spec 000 §4): propose (two spellings from the spec's client), approve or
// decline by the other participant, withdraw by the proposer. The domain decides who may do what.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approveReschedule, cancelReschedule, declineReschedule, proposeReschedule } from '../../commands/sessions/session-actions.js';
import { errorBodySchema } from '../contracts/members.js';
import {
  cancelModificationBodySchema,
  modificationAnswerBodySchema,
  modificationParams,
  proposeModificationBodySchema,
  proposeRescheduleBodySchema,
  sessionIdParams,
  sessionSchema,
} from '../contracts/sessions.js';
import type { AppDeps } from '../deps.js';
import { assertSelf, sessionAfter, viewerOf, type Viewer } from '../session-access.js';

const tags = ['sessions'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const response = { 200: sessionSchema, ...errors };

interface Proposal {
  date: string | null | undefined;
  time: string | null | undefined;
  message: string | null | undefined;
}

export const sessionRescheduleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const commands = deps.commands;
  const now = () => deps.clock().toISOString();

  const propose = async (sessionId: string, viewer: Viewer, proposal: Proposal, correlationId: string) => {
    const result = await proposeReschedule(commands, {
      sessionId,
      actorId: viewer.memberId,
      now: now(),
      date: proposal.date,
      time: proposal.time,
      message: (proposal.message ?? '').trim(),
      viewerTimeZone: viewer.timeZone,
      correlationId,
    });
    return sessionAfter(deps, result.checkpoint, sessionId, viewer);
  };

  app.post('/api/sessions/:id/propose-modification', { schema: { tags, params: sessionIdParams, body: proposeModificationBodySchema, response } }, async (request) => {
    const viewer = await viewerOf(deps, request);
    const { proposed_by, proposed_date, proposed_time, message } = request.body;
    assertSelf(proposed_by, viewer.memberId);
    return propose(request.params.id, viewer, { date: proposed_date, time: proposed_time, message }, request.id);
  });

  app.post('/api/sessions/:id/propose-reschedule', { schema: { tags, params: sessionIdParams, body: proposeRescheduleBodySchema, response } }, async (request) => {
    const viewer = await viewerOf(deps, request);
    const { user_id, new_date, new_time, message } = request.body;
    assertSelf(user_id, viewer.memberId);
    return propose(request.params.id, viewer, { date: new_date, time: new_time, message }, request.id);
  });

  app.post(
    '/api/sessions/:id/modifications/:modId/approve',
    { schema: { tags, params: modificationParams, body: modificationAnswerBodySchema, response } },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      assertSelf(request.body?.user_id, viewer.memberId);
      const { id: sessionId, modId: modificationId } = request.params;
      const result = await approveReschedule(commands, { sessionId, modificationId, actorId: viewer.memberId, now: now(), correlationId: request.id });
      return sessionAfter(deps, result.checkpoint, sessionId, viewer);
    },
  );

  app.post(
    '/api/sessions/:id/modifications/:modId/reject',
    { schema: { tags, params: modificationParams, body: modificationAnswerBodySchema, response } },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      assertSelf(request.body?.user_id, viewer.memberId);
      const { id: sessionId, modId: modificationId } = request.params;
      const result = await declineReschedule(commands, { sessionId, modificationId, actorId: viewer.memberId, now: now(), correlationId: request.id });
      return sessionAfter(deps, result.checkpoint, sessionId, viewer);
    },
  );

  app.post('/api/sessions/:id/cancel-modification', { schema: { tags, params: sessionIdParams, body: cancelModificationBodySchema, response } }, async (request) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.user_id, viewer.memberId);
    const result = await cancelReschedule(commands, {
      sessionId: request.params.id,
      modificationId: request.body?.modification_id ?? undefined,
      actorId: viewer.memberId,
      now: now(),
      correlationId: request.id,
    });
    return sessionAfter(deps, result.checkpoint, request.params.id, viewer);
  });
};
