// `POST /api/telemetry/batch`: the client's page views and heat-map points go to the telemetry tables
// (docs/telemetry.md), never to the event log. Anonymous visitors may send page views; interactions
// need a session. Identity comes from the session only; bots and headless browsers are answered like
// anyone else and their batch is dropped.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { TELEMETRY_LIMITS, telemetryAcceptedSchema, telemetryBatchSchema, telemetryTexts } from '../contracts/telemetry.js';
import { errorBodySchema } from '../contracts/members.js';
import { HttpError } from '../http-error.js';
import { readSessionKey } from '../plugins/session.js';
import type { Telemetry, TelemetryBatch } from '../../telemetry/types.js';
import { isAutomatedUserAgent } from '../../telemetry/user-agents.js';

type Body = z.output<typeof telemetryBatchSchema>;

/** Browser times become ages at `sentAt` and then server times, so a wrong browser clock shifts nothing. */
export const batchOf = (body: Body, memberId: string | null, now: Date): TelemetryBatch => {
  const at = (instant: number) => new Date(now.getTime() - Math.min(Math.max(body.sentAt - instant, 0), TELEMETRY_LIMITS.maxAgeMs));
  const who = { memberId, visitorId: body.visitorId };
  return {
    pageViews: body.pageViews.map((view) => ({
      ...who,
      occurredAt: at(view.at),
      kind: view.kind,
      path: view.path,
      fromPath: view.from,
      viewportWidth: view.viewport?.width ?? null,
      viewportHeight: view.viewport?.height ?? null,
    })),
    interactions: body.interactions.map((point) => ({
      ...who,
      occurredAt: at(point.at),
      path: point.path,
      action: point.action,
      x: point.x,
      y: point.y,
      viewportWidth: point.viewport.width,
      viewportHeight: point.viewport.height,
      fixed: point.fixed,
    })),
  };
};

/** Batches per key in the current minute; the map is dropped whole at each new minute, so it stays small. */
export const perMinute = (max: number, now: () => number) => {
  let minute = -1;
  let counts = new Map<string, number>();
  return (key: string) => {
    const current = Math.floor(now() / 60_000);
    if (current !== minute) [minute, counts] = [current, new Map()];
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count <= max;
  };
};

export const telemetryRoutes: FastifyPluginAsyncZod<{ telemetry: Pick<Telemetry, 'record'>; clock: () => Date }> = async (app, { telemetry, clock }) => {
  const allow = perMinute(TELEMETRY_LIMITS.batchesPerMinute, () => clock().getTime());
  app.post(
    '/api/telemetry/batch',
    {
      config: { public: true },
      schema: {
        tags: ['telemetry'],
        body: telemetryBatchSchema,
        response: { 202: telemetryAcceptedSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const member = request.session;
      if (!member && request.body.interactions.length > 0) throw new HttpError(401, telemetryTexts.interactionsNeedSignIn);
      if (!allow(member ? `session:${readSessionKey(request)}` : `address:${request.ip}`)) throw new HttpError(429, telemetryTexts.tooMany);
      if (!isAutomatedUserAgent(request.headers['user-agent'])) await telemetry.record(batchOf(request.body, member?.memberId ?? null, clock()));
      return reply.code(202).send({ ok: true as const });
    },
  );
};
