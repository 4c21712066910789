// GET /api/admin/sessions/{id}/evidence[?format=html] (issue 33 point 5): the pack, and the download
// recorded as the admin's own action (by the pack's hash) once the pack is made.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordEvidenceDownload } from '../../../commands/evidence/record-evidence-download.js';
import { loadMember } from '../../../commands/members.js';
import { evidenceParamsSchema, evidenceQuerySchema, evidenceResponseSchema } from '../../contracts/admin-evidence.js';
import type { AppDeps } from '../../deps.js';
import { currentMember } from '../../plugins/session.js';
import { errorResponses } from '../route-schemas.js';
import { evidencePage } from './evidence-page.js';
import { buildEvidencePack } from './evidence-pack.js';

export const adminEvidenceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/sessions/:id/evidence',
    {
      schema: {
        tags: ['admin', 'audit'],
        params: evidenceParamsSchema,
        querystring: evidenceQuerySchema,
        response: { 200: evidenceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const admin = currentMember(request);
      const { pack, manifest } = await buildEvidencePack({ store: deps.store, member: (id) => loadMember(deps.commands, id) }, request.params.id);
      const { format } = request.query;
      await recordEvidenceDownload(deps.commands, {
        adminId: admin.memberId,
        sessionId: pack.sessionId,
        sha256: manifest.sha256,
        format,
        now: deps.clock().toISOString(),
        correlationId: request.id,
      });
      void reply.header('content-disposition', `${format === 'html' ? 'inline' : 'attachment'}; filename="evidence-${pack.sessionId}.${format}"`);
      // The page is no JSON: its own serializer, past the response schema's.
      if (format === 'html')
        return reply
          .type('text/html; charset=utf-8')
          .serializer((body: unknown) => String(body))
          .send(evidencePage(pack, manifest) as never);
      return { manifest, pack };
    },
  );
};
