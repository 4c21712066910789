// GET /api/admin/ai/analytics (spec 002 §7; issue 32 point 4): the AI Analytics tab's figures from the
// ai-analytics read model, its totals and newest invocations.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAiAnalytics } from '../../../projections/ai-analytics/queries.js';
import { aiAnalyticsSchema } from '../../contracts/admin-ai-analytics.js';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../route-schemas.js';

export const adminAiAnalyticsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/ai/analytics',
    { config: { readModels: ['ai-analytics'] }, schema: { tags: ['admin'], response: { 200: aiAnalyticsSchema, ...errorResponses(401, 403) } } },
    async () => readAiAnalytics(deps.sql.db),
  );
};
