// GET /api/health: for load balancers and operators. 503 only when the database does not answer (within
// 2 s); a failed follower, or one stalled (no heartbeat while events wait: projections/runtime/stall-watch.ts,
// seen within 10-15 s), is "degraded" (the API still serves), named here with the status 'stalled'. The
// shape is the load balancers'; `grade` adds the admin's health grade (healthy / degraded / critical by the
// thresholds of api/contracts/admin-health.ts), whose checks GET /api/admin/health-metrics explains.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../contracts/members.js';
import type { AppDeps } from '../deps.js';
import type { HealthChecker } from '../metrics/health-check.js';

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; checkHealth: HealthChecker }> = async (app, { deps, checkHealth }) => {
  app.get('/api/health', { config: { public: true }, schema: { tags: ['system'], response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    const report = await checkHealth({ onDatabaseError: (error) => request.log.error({ err: error }, 'health: database does not answer') });
    const databaseUp = report.checks.some((c) => c.name === 'database' && c.value !== null);
    const statuses = await deps.runtime.status().catch(() => []);
    const view = (kind: 'projector' | 'reactor') =>
      statuses.filter((s) => s.kind === kind).map(({ name, status, lag, stalled }) => ({ name, status: stalled === true ? 'stalled' : status, lag }));
    const [projections, reactors] = [view('projector'), view('reactor')];
    const healthy = databaseUp && [...projections, ...reactors].every((p) => p.status !== 'failed' && p.status !== 'stalled');
    return reply.code(databaseUp ? 200 : 503).send({
      status: healthy ? 'ok' : 'degraded',
      grade: report.systemHealth,
      eventStore: deps.store.kind,
      database: deps.sql.kind,
      projections,
      reactors,
    });
  });
};
