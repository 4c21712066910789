// GET /api/admin/audit/ledger/members/{id}?cursor= (issue 33 point 3; api/contracts/admin-ledger-audit.ts):
// one member's ledger movements oldest first, both sides named, with the ledger's own running balance, a
// page at a time (ledger-movements-page.ts), and the balances read model's row beside it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadMember } from '../../../commands/members.js';
import { getBalance } from '../../../projections/balances/queries.js';
import { getMemberNames } from '../../../projections/members/queries.js';
import { ledgerAuditTexts, ledgerMemberParamsSchema, ledgerMovementsQuerySchema, ledgerMovementsResponseSchema } from '../../contracts/admin-ledger-audit.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import type { Operations } from '../../operations.js';
import { errorResponses } from '../route-schemas.js';
import { FIRST_PAGE, readCursor, writeCursor, type CursorSigner } from './ledger-cursor.js';
import { readMovementsPage } from './ledger-movements-page.js';

export type LedgerMovementOperations = Pick<Operations, 'readStream'>;

export const adminLedgerMovementRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; operations: LedgerMovementOperations }> = async (app, { deps, operations }) => {
  // The app's secret signs the cursors, as it signs the session cookie (@fastify/cookie).
  const signer: CursorSigner = { sign: (value) => app.signCookie(value), unsign: (value) => app.unsignCookie(value) };
  app.get(
    '/audit/ledger/members/:id',
    {
      schema: {
        tags: ['admin', 'audit'],
        params: ledgerMemberParamsSchema,
        querystring: ledgerMovementsQuerySchema,
        response: { 200: ledgerMovementsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const memberId = request.params.id;
      const { cursor } = request.query;
      const start = cursor === undefined ? FIRST_PAGE : readCursor(signer, memberId, cursor);
      if (!start) throw new HttpError(400, ledgerAuditTexts.badCursor);
      const member = await loadMember(deps.commands, memberId);
      if (member.status !== 'active') throw new HttpError(404, ledgerAuditTexts.memberNotFound);
      const [page, row] = await Promise.all([readMovementsPage(operations, memberId, start), getBalance(deps.sql.db, memberId)]);
      const names = await getMemberNames(
        deps.sql.db,
        page.movements.flatMap((m) => (m.counterpartyId ? [m.counterpartyId] : [])),
      );
      return {
        member: { id: memberId, name: member.name },
        movements: page.movements.map(({ counterpartyId, ...movement }) => ({
          ...movement,
          counterparty: counterpartyId === null ? null : { id: counterpartyId, name: names.get(counterpartyId) ?? null },
        })),
        readModel: row ? { available: row.availablePoints, held: row.heldPoints } : null,
        nextCursor: page.next ? writeCursor(signer, memberId, page.next) : null,
      };
    },
  );
};
