// GET /api/admin/live-activity?timeRange=1h|24h|7d|30d&page=<path|all>&limit=&band=phone|tablet|desktop: the
// spec's name for the heat map's data (spec 002 §7; Live Activity itself reads /api/admin/activities),
// answered `{ success, data }` from the rollups (heatmap-data.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heatmapQuerySchema, heatmapResponseSchema } from '../../contracts/heatmap.js';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../route-schemas.js';
import { heatmapData } from './heatmap-data.js';

export const adminHeatmapRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/live-activity',
    { schema: { tags: ['admin'], querystring: heatmapQuerySchema, response: { 200: heatmapResponseSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => ({ success: true as const, data: await heatmapData(deps.sql.handle, request.query, deps.clock()) }),
  );
};
