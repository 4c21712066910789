// GET /api/admin/health-metrics (the System health card and the checks behind it) and GET /api/admin/metrics
// (the System Metrics tab: the newest samples the server stored as telemetry, newest first, limited);
// spec 002 §2, §3 Metric, §7; issue 32 point 3. Both move over /ws: each stored sample batch tells the
// admins' sockets `metrics_stored` (api/app.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recentMetricSamples } from '../../../telemetry/queries.js';
import { healthMetricsSchema, metricSamplesSchema, metricsQuerySchema } from '../../contracts/admin-health.js';
import type { AppDeps } from '../../deps.js';
import type { HealthChecker } from '../../metrics/health-check.js';
import { errorResponses } from '../route-schemas.js';

const tags = ['admin'];

export const adminHealthMetricsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; checkHealth: HealthChecker }> = async (app, { deps, checkHealth }) => {
  app.get('/health-metrics', { schema: { tags, response: { 200: healthMetricsSchema, ...errorResponses(401, 403) } } }, async (request) =>
    checkHealth({ onDatabaseError: (error) => request.log.error({ err: error }, 'health: database does not answer') }),
  );

  app.get(
    '/metrics',
    { schema: { tags, querystring: metricsQuerySchema, response: { 200: metricSamplesSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => {
      const samples = await recentMetricSamples(deps.sql.handle, { limit: request.query.limit });
      return samples.map((s) => ({
        id: String(s.id),
        metric_type: s.name,
        metric_value: Number(s.value),
        metric_unit: s.unit,
        tags: Object.fromEntries(Object.entries(typeof s.tags === 'string' ? (JSON.parse(s.tags) as Record<string, unknown>) : s.tags).map(([k, v]) => [k, String(v)])),
        created_at: new Date(s.occurredAt).toISOString(),
      }));
    },
  );
};
