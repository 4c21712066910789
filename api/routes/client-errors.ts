// POST /api/client-errors (issue 32 point 1; contract client-errors.ts): the browser's errors, batched.
// Anyone may send (a signed-out page breaks too); the member comes from the session only. Limited per
// address like the analytics ingest. Each stack is resolved from the build's hidden source maps before it
// is fingerprinted, so a group is of original files and lines and survives a new build; the resolved stack
// is what is stored. A bad batch stores nothing and is answered with the contract's one sentence.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_ERROR_BATCHES_PER_MINUTE, clientErrorBatchSchema, clientErrorTexts } from '../contracts/client-errors.js';
import { occurrenceOf } from '../error-monitor/error-recorder.js';
import type { SourceMapResolver } from '../error-monitor/source-maps.js';
import { HttpError } from '../http-error.js';
import type { Telemetry } from '../../telemetry/types.js';
import { errorResponses } from './route-schemas.js';
import { perMinute } from './telemetry.js';

/** A browser's clock may be wrong: its time is kept only within this much of the server's (and never ahead). */
const CLOCK_SKEW_MS = 60 * 60_000;

export interface ClientErrorRouteOptions {
  telemetry: Pick<Telemetry, 'record'>;
  resolver: SourceMapResolver;
  root: string;
  clock: () => Date;
}

export const clientErrorRoutes: FastifyPluginAsyncZod<ClientErrorRouteOptions> = async (app, { telemetry, resolver, root, clock }) => {
  const allow = perMinute(CLIENT_ERROR_BATCHES_PER_MINUTE, () => clock().getTime());

  app.post(
    '/api/client-errors',
    {
      config: { public: true },
      // The contract's sentence rather than the validator's: the client only ever sends what it built.
      attachValidation: true,
      schema: { tags: ['errors'], body: clientErrorBatchSchema, response: { 204: z.null(), ...errorResponses(400, 429) } },
    },
    async (request, reply) => {
      if (request.validationError) throw new HttpError(400, clientErrorTexts.badBatch);
      if (!allow(`address:${request.ip}`)) throw new HttpError(429, clientErrorTexts.tooMany);
      const memberId = request.session?.memberId ?? null;
      const now = clock().getTime();
      const errors = await Promise.all(
        request.body.errors.map(async (error) => {
          const stack = await resolver.resolve(error);
          const sent = Date.parse(error.occurredAt);
          const occurredAt = new Date(Math.min(now, Math.max(now - CLOCK_SKEW_MS, sent)));
          return occurrenceOf(
            { type: error.type, message: error.message, stack },
            { where: 'browser', source: error.source },
            { root, occurredAt, appVersion: error.appVersion, method: null, path: error.path, memberId },
          );
        }),
      );
      await telemetry.record({ errors });
      return reply.code(204).send(null);
    },
  );
};
