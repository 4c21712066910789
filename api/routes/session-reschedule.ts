// A session's reschedule requests (spec 000 §4): propose (two spellings from the spec's client),
// approve or decline by the other participant, withdraw by the proposer. The domain decides who may do
// what; each answers with the session once the read models show the command (session-access.ts).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approveReschedule, cancelReschedule, declineReschedule, proposeReschedule } from '../../commands/sessions/session-actions.js';
import { rescheduleSlots } from '../../domain/booking/reschedule-slots.js';
import { getMember } from '../../projections/members/queries.js';
import { bookedIntervals } from '../../projections/sessions/queries.js';
import {
  availableSlotsSchema,
  cancelModificationBodySchema,
  modificationAnswerBodySchema,
  modificationParams,
  proposeModificationBodySchema,
  proposeRescheduleBodySchema,
  rescheduleSlotsQuerySchema,
  sessionIdParams,
} from '../contracts/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { actionOf, answerWithSession, assertSelf, participantSession, viewerOf, type Viewer } from '../session-access.js';
import { commonErrors, sessionCommandSchema, sessionTags } from './route-schemas.js';

interface Proposal {
  date: string | null | undefined;
  time: string | null | undefined;
  message: string | null | undefined;
}

export const sessionRescheduleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { commands } = deps;
  const now = () => deps.clock().toISOString();

  const propose = async (request: { params: { id: string }; id: string }, reply: FastifyReply, viewer: Viewer, proposal: Proposal) => {
    const result = await proposeReschedule(commands, {
      ...actionOf(request, viewer, now()),
      date: proposal.date,
      time: proposal.time,
      message: (proposal.message ?? '').trim(),
      viewerTimeZone: viewer.timeZone,
    });
    return answerWithSession(deps, reply, result, viewer);
  };

  // What the propose dialog offers: the slots a proposal may take (participants only).
  app.get(
    '/api/sessions/:id/reschedule-slots',
    {
      config: { readModels: ['sessions', 'members'] },
      schema: { tags: sessionTags, params: sessionIdParams, querystring: rescheduleSlotsQuerySchema, response: { 200: availableSlotsSchema, ...commonErrors } },
    },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      const session = await participantSession(deps, request.params.id, viewer);
      const mentor = await getMember(deps.sql.db, session.instructor_id);
      if (!mentor) throw new HttpError(404, 'Instructor or skill not found.');
      const at = now();
      return rescheduleSlots({
        mentor,
        session: { startsAt: session.scheduled_at, durationHours: session.duration },
        booked: await bookedIntervals(deps.sql.db, mentor.id, { excludeSessionId: session.id, from: at }),
        monthOffset: request.query.monthOffset,
        now: at,
        viewerTimeZone: viewer.timeZone,
      });
    },
  );

  app.post('/api/sessions/:id/propose-modification', { schema: sessionCommandSchema(proposeModificationBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    const { proposed_by, proposed_date, proposed_time, message } = request.body;
    assertSelf(proposed_by, viewer.memberId);
    return propose(request, reply, viewer, { date: proposed_date, time: proposed_time, message });
  });

  app.post('/api/sessions/:id/propose-reschedule', { schema: sessionCommandSchema(proposeRescheduleBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    const { user_id, new_date, new_time, message } = request.body;
    assertSelf(user_id, viewer.memberId);
    return propose(request, reply, viewer, { date: new_date, time: new_time, message });
  });

  app.post(
    '/api/sessions/:id/modifications/:modId/approve',
    { schema: sessionCommandSchema(modificationAnswerBodySchema, modificationParams) },
    async (request, reply) => {
      const viewer = await viewerOf(deps, request);
      assertSelf(request.body?.user_id, viewer.memberId);
      const result = await approveReschedule(commands, { ...actionOf(request, viewer, now()), modificationId: request.params.modId });
      return answerWithSession(deps, reply, result, viewer);
    },
  );

  app.post(
    '/api/sessions/:id/modifications/:modId/reject',
    { schema: sessionCommandSchema(modificationAnswerBodySchema, modificationParams) },
    async (request, reply) => {
      const viewer = await viewerOf(deps, request);
      assertSelf(request.body?.user_id, viewer.memberId);
      const result = await declineReschedule(commands, { ...actionOf(request, viewer, now()), modificationId: request.params.modId });
      return answerWithSession(deps, reply, result, viewer);
    },
  );

  app.post('/api/sessions/:id/cancel-modification', { schema: sessionCommandSchema(cancelModificationBodySchema) }, async (request, reply) => {
    const viewer = await viewerOf(deps, request);
    assertSelf(request.body?.user_id, viewer.memberId);
    const result = await cancelReschedule(commands, { ...actionOf(request, viewer, now()), modificationId: request.body?.modification_id ?? undefined });
    return answerWithSession(deps, reply, result, viewer);
  });
};
