// POST /api/admin/features/{featureId}/status (issue 31 point 10): an admin sets a feature's status with
// a note; the notifications read model tells every member who voted on it. Behind the scope's guard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setFeatureStatus } from '../../../commands/feature-votes/feature-votes.js';
import { featureIdParams, featureStatusBodySchema, featureStatusSchema, featureTexts, FEATURE_IDS } from '../../contracts/feature-votes.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import { currentMember } from '../../plugins/session.js';
import { errorResponses } from '../route-schemas.js';

export const adminFeatureStatusRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/features/:featureId/status',
    {
      schema: {
        tags: ['admin', 'feature-votes'],
        params: featureIdParams,
        body: featureStatusBodySchema,
        response: { 200: featureStatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      const { featureId } = request.params;
      if (!(FEATURE_IDS as readonly string[]).includes(featureId)) throw new HttpError(404, featureTexts.notFound);
      const { status, note } = request.body;
      const result = await setFeatureStatus(deps.commands, { featureId, adminId: memberId, status, note, now: deps.clock().toISOString(), correlationId: request.id });
      void reply.afterWrite(result, [memberId]);
      return { feature_id: featureId, status: result.status, note: result.note };
    },
  );
};
