// GET /api/admin/activities: the Live Activity tab, newest first: page views, navigations and sign-ins from
// telemetry and the members' domain actions from the admin-users read model (live-activities.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activitiesQuerySchema, activitiesResponseSchema } from '../../contracts/analytics.js';
import type { AppDeps } from '../../deps.js';
import { liveActivities } from './live-activities.js';
import { errorResponses } from '../route-schemas.js';

export const adminActivityRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/activities',
    {
      config: { readModels: ['members', 'admin-users'] },
      schema: { tags: ['admin'], querystring: activitiesQuerySchema, response: { 200: activitiesResponseSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => ({ activities: await liveActivities(deps.sql.db, request.query.limit) }),
  );
};
