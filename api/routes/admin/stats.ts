// The dashboard's figures and its funnel's drop-offs (spec 002 §2 /admin, §3, §7; issue 31 points 3, 4):
// GET /stats from the projection runtime's cache of the admin-users figures (one read for every admin
// until a change or 2 s), GET /funnel/stopped straight from the read model's step indexes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_STATS_KEY, adminStatsCache } from '../../../projections/admin-users/admin-stats-cache.js';
import { listStoppedMembers } from '../../../projections/admin-users/stopped-members.js';
import { adminStatsSchema, stoppedPageSchema, stoppedQuerySchema } from '../../contracts/admin-stats.js';
import type { AppDeps } from '../../deps.js';
import { errorResponses } from '../route-schemas.js';

const tags = ['admin'];
const readModels = ['admin-users'] as const;

export const adminStatsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const figures = deps.reads.cached(adminStatsCache);

  app.get('/stats', { config: { readModels }, schema: { tags, response: { 200: adminStatsSchema, ...errorResponses(401, 403) } } }, async (_request, reply) => {
    const stats = await figures.read(ADMIN_STATS_KEY, { asOf: deps.clock().toISOString() });
    // Serialised once per answer kept, not per request.
    return reply.sendShared(stats, '', () => stats);
  });

  app.get(
    '/funnel/stopped',
    { config: { readModels }, schema: { tags, querystring: stoppedQuerySchema, response: { 200: stoppedPageSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => listStoppedMembers(deps.sql.db, request.query, deps.clock().toISOString()),
  );
};
