// The operations an admin reads and drives under /api/admin/operations (issue 30 point 1, issue 33 point 6):
// every follower's status, and the runtime's controls (pause, resume, retry, skip with a reason, rebuild)
// asked by the session's admin, who is recorded with the skip and the rebuild.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FollowerControlError } from '../../../projections/runtime/follower-operations.js';
import { followerControlBodySchema, followerControlParamsSchema, followerControlTexts, followersResponseSchema } from '../../contracts/admin-operations.js';
import { HttpError } from '../../http-error.js';
import { currentMember } from '../../plugins/session.js';
import { errorResponses } from '../route-schemas.js';
import type { AdminOperations } from './admin-operations.js';

const statusOf = { NOT_FOUND: 404, CONFLICT: 409, VALIDATION: 400, TIMEOUT: 503 } as const;

export const adminOperationRoutes: FastifyPluginAsyncZod<{ operations: AdminOperations }> = async (app, { operations }) => {
  const followers = async () => ({ followers: await operations.followers() });
  const schema = { tags: ['admin'], response: { 200: followersResponseSchema, ...errorResponses(401, 403) } };
  app.get('/operations/followers', { schema }, followers);
  // The name for the same answer.
  app.get('/operations', { schema }, followers);

  app.post(
    '/operations/:name/:action',
    {
      schema: {
        tags: ['admin'],
        params: followerControlParamsSchema,
        body: followerControlBodySchema,
        response: { 200: followersResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      if (!operations.control) throw new HttpError(503, followerControlTexts.unavailable);
      const { name, action } = request.params;
      const reason = request.body?.reason || null;
      if (action === 'skip' && !reason) throw new HttpError(400, followerControlTexts.skipReasonRequired);
      try {
        await operations.control(name, action, { actorId: currentMember(request).memberId, reason });
      } catch (error) {
        if (error instanceof FollowerControlError) throw new HttpError(statusOf[error.code], error.message);
        throw error;
      }
      return followers();
    },
  );
};
