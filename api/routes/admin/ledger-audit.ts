// The ledger audit's state and its full audit (issue 33 point 3; api/contracts/admin-ledger-audit.ts):
//   GET  /api/admin/audit/ledger       the check after every batch, the running or latest full audit, the open findings
//   POST /api/admin/audit/ledger/run   starts a full audit asked by the session's admin, or answers the one running (202)
// Both stand on the ledger audit of the operations object (api/ledger-audit/), never on its tables.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerAuditResponseSchema, ledgerAuditRunBodySchema, ledgerAuditRunSchema } from '../../contracts/admin-ledger-audit.js';
import type { LedgerAuditOperations } from '../../ledger-audit/create-ledger-audit.js';
import { currentMember } from '../../plugins/session.js';
import { errorResponses } from '../route-schemas.js';

const tags = ['admin', 'audit'];

export const adminLedgerAuditRoutes: FastifyPluginAsyncZod<{ ledgerAudit: LedgerAuditOperations }> = async (app, { ledgerAudit }) => {
  app.get('/audit/ledger', { schema: { tags, response: { 200: ledgerAuditResponseSchema, ...errorResponses(401, 403) } } }, () => ledgerAudit.status());

  app.post(
    '/audit/ledger/run',
    { schema: { tags, body: ledgerAuditRunBodySchema, response: { 202: ledgerAuditRunSchema, ...errorResponses(400, 401, 403) } } },
    async (request, reply) => reply.code(202).send(await ledgerAudit.run(currentMember(request).memberId)),
  );
};
