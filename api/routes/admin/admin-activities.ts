// GET /api/admin/admin-activities (issue 31 point 10): the admins' own actions, newest first, paged.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAdminActivities } from '../../../projections/admin-activities/queries.js';
import { adminActivitiesQuerySchema, adminActivitiesResponseSchema } from '../../contracts/admin-activities.js';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../route-schemas.js';

export const adminActivitiesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/admin-activities',
    {
      config: { readModels: ['admin-activities', 'members'] },
      schema: { tags: ['admin'], querystring: adminActivitiesQuerySchema, response: { 200: adminActivitiesResponseSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listAdminActivities(deps.sql.db, request.query),
  );
};
