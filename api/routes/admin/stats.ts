// The dashboard's figures and its funnel's drop-offs (spec 002 §2 /admin, §3, §7; issue 31 points 3, 4):
// GET /stats from the projection runtime's cache of the admin-users figures (one read for every admin
// until a change or 2 s), GET /funnel/stopped straight from the read model's step indexes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_STATS_KEY, adminStatsCache } from '../../../projections/admin-users/admin-stats-cache.js';
import { listStoppedMembers } from '../../../projections/admin-users/stopped-members.js';
import { adminStatsSchema, stoppedPageSchema, stoppedQuerySchema } from '../../contracts/admin-stats.js';
import type { AppDeps } from '../../deps.js';
import { errorTotals } from '../../error-monitor/error-stats.js';
import { errorResponses } from '../route-schemas.js';

const ERROR_TOTALS_KEPT_MS = 2_000;

const tags = ['admin'];
const readModels = ['admin-users'] as const;

export const adminStatsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const figures = deps.reads.cached(adminStatsCache);

  // The error monitor's two figures (issue 32), kept as long as the figures are (about 2 s) so the
  // dashboard's hot read adds no query per request.
  let errors: { at: number; totals: ReturnType<typeof errorTotals> } | null = null;
  const errorFigures = () => {
    const now = Date.now();
    if (!errors || now - errors.at > ERROR_TOTALS_KEPT_MS) {
      const totals = errorTotals(deps.sql.handle);
      errors = { at: now, totals };
      totals.catch(() => (errors = null));
    }
    return errors.totals;
  };

  app.get('/stats', { config: { readModels }, schema: { tags, response: { 200: adminStatsSchema, ...errorResponses(401, 403) } } }, async (_request, reply) => {
    const [stats, { totalErrors, unresolvedErrors }] = await Promise.all([figures.read(ADMIN_STATS_KEY, { asOf: deps.clock().toISOString() }), errorFigures()]);
    // Serialised once per answer kept (and pair of error figures), not per request.
    return reply.sendShared(stats, `${totalErrors}:${unresolvedErrors}`, () => ({ ...stats, totalErrors, unresolvedErrors }));
  });

  app.get(
    '/funnel/stopped',
    { config: { readModels }, schema: { tags, querystring: stoppedQuerySchema, response: { 200: stoppedPageSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => listStoppedMembers(deps.sql.db, request.query, deps.clock().toISOString()),
  );
};
