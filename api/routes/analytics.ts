// `POST /api/analytics/events`: the client's page views and navigations (spec 002 §7) go to the telemetry
// tables in one statement, so a batch is stored whole or refused whole (docs/telemetry.md). Anyone may
// send (a visitor's views count too); identity comes from the session only. Bots, crawlers and headless
// browsers get the same 202 and their batch is dropped (isbot), and so is every batch while ANALYTICS is
// off. `GET /api/analytics/settings` is how the client learns whether to capture at all.
// `POST /api/analytics/interactions`: the heat map's points (issue 32 point 5), the same way: public (a
// visitor's clicks on the landing page count), identity from the session, bots and ANALYTICS off answered
// 202 and dropped, a batch stored whole with its cell and rage-click rollups or refused whole with a 400.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANALYTICS_LIMITS, analyticsAcceptedSchema, analyticsBatchSchema, analyticsSettingsSchema, analyticsTexts } from '../contracts/analytics.js';
import { heatmapTexts, INTERACTIONS_LIMITS, interactionsAcceptedSchema, interactionsBatchSchema } from '../contracts/heatmap.js';
import { HttpError } from '../http-error.js';
import { readSessionKey } from '../plugins/session.js';
import type { Telemetry } from '../../telemetry/types.js';
import { isAutomatedUserAgent } from '../../telemetry/user-agents.js';
import { errorResponses } from './route-schemas.js';
import { batchOf, perMinute } from './telemetry.js';

export interface AnalyticsRouteOptions {
  telemetry: Pick<Telemetry, 'record'>;
  clock: () => Date;
  /** The ANALYTICS setting. */
  enabled: boolean;
}

export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, { telemetry, clock, enabled }) => {
  const allow = perMinute(ANALYTICS_LIMITS.batchesPerMinute, () => clock().getTime());
  const allowInteractions = perMinute(INTERACTIONS_LIMITS.batchesPerMinute, () => clock().getTime());
  const tags = ['analytics'];

  app.get('/api/analytics/settings', { config: { public: true }, schema: { tags, response: { 200: analyticsSettingsSchema } } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send({ enabled }),
  );

  app.post(
    '/api/analytics/events',
    { config: { public: true }, schema: { tags, body: analyticsBatchSchema, response: { 202: analyticsAcceptedSchema, ...errorResponses(400, 429) } } },
    async (request, reply) => {
      const member = request.session;
      if (!allow(member ? `session:${readSessionKey(request)}` : `address:${request.ip}`)) throw new HttpError(429, analyticsTexts.tooMany);
      const { sentAt, visitorId, events } = request.body;
      if (!enabled || isAutomatedUserAgent(request.headers['user-agent'])) return reply.code(202).send({ ok: true as const, stored: 0 });
      const notice = await telemetry.record(batchOf({ sentAt, visitorId, pageViews: events, interactions: [] }, member?.memberId ?? null, clock()));
      return reply.code(202).send({ ok: true as const, stored: notice?.pageViews ?? 0 });
    },
  );

  app.post(
    '/api/analytics/interactions',
    {
      config: { public: true },
      schema: { tags, body: interactionsBatchSchema, response: { 202: interactionsAcceptedSchema, ...errorResponses(400, 429) } },
    },
    async (request, reply) => {
      const member = request.session;
      if (!allowInteractions(member ? `session:${readSessionKey(request)}` : `address:${request.ip}`)) throw new HttpError(429, heatmapTexts.tooMany);
      const { sentAt, visitorId, points } = request.body;
      if (!enabled || isAutomatedUserAgent(request.headers['user-agent'])) return reply.code(202).send({ ok: true as const, stored: 0 });
      const notice = await telemetry.record(batchOf({ sentAt, visitorId, pageViews: [], interactions: points }, member?.memberId ?? null, clock()));
      return reply.code(202).send({ ok: true as const, stored: notice?.interactions ?? 0 });
    },
  );
};
