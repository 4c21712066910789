// 'Share Your Feedback' (spec 001 §2.10): the message is stored as an event for admins to read.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { submitFeedback } from '../../commands/feedback/submit-feedback.js';
import { feedbackBodySchema, feedbackResultSchema } from '../contracts/dashboard.js';
import { errorBodySchema } from '../contracts/members.js';
import type { AppDeps } from '../deps.js';
import { currentMember } from '../plugins/session.js';

export const feedbackRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/api/feedback',
    { schema: { tags: ['feedback'], body: feedbackBodySchema, response: { 201: feedbackResultSchema, 400: errorBodySchema, 401: errorBodySchema } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      const written = await submitFeedback(deps.commands, {
        feedbackId: randomUUID(),
        memberId,
        message: request.body.message,
        source: request.body.source,
        now: deps.clock().toISOString(),
        correlationId: request.id,
      });
      // No read model shows feedback to its sender; noted all the same, as every command is.
      void reply.afterWrite(written, [memberId]);
      return reply.code(201).send({ ok: true as const, id: written.feedbackId });
    },
  );
};
