// POST /api/admin/members/{id}/corrections (issue 33 point 4; api/contracts/admin-corrections.ts):
// the admin is the session's member, never the body's; the member must exist; the ledger decides.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correctBalance } from '../../../commands/corrections/correct-balance.js';
import { loadMember } from '../../../commands/members.js';
import { correctionBodySchema, correctionParamsSchema, correctionResultSchema, correctionTexts } from '../../contracts/admin-corrections.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import { currentMember } from '../../plugins/session.js';
import { errorResponses } from '../route-schemas.js';

export const adminCorrectionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/members/:id/corrections',
    {
      schema: {
        tags: ['admin', 'audit'],
        params: correctionParamsSchema,
        body: correctionBodySchema,
        response: { 200: correctionResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const admin = currentMember(request);
      const memberId = request.params.id;
      if ((await loadMember(deps.commands, memberId)).status !== 'active') throw new HttpError(404, correctionTexts.memberNotFound);
      const { amount, reason, idempotencyKey } = request.body;
      const result = await correctBalance(deps.commands, {
        memberId,
        adminId: admin.memberId,
        amount,
        reason,
        idempotencyKey,
        now: deps.clock().toISOString(),
        correlationId: request.id,
      });
      // The member's balance and transactions are interactive read models: the answer waits for them.
      await reply.afterWrite(result, [memberId, admin.memberId]);
      return { transactionId: result.transactionId, memberId, amount, reason, available: result.state.available, held: result.state.held };
    },
  );
};
