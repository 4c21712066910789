// The guard of the /api/admin scope, registered once for every route in it (fastify/demo's
// routes/api/autohooks.ts): a route added to the scope cannot forget it. The session plugin has already
// refused a signed-out request; the 401 here keeps the scope safe on its own.
import type { FastifyInstance } from 'fastify';
import { HttpError, notAuthenticated } from '../../http-error.js';

export const adminTexts = { notAdmin: 'Only admins can do this' };

export const guardAdminScope = (scope: FastifyInstance) => {
  scope.addHook('onRequest', async (request) => {
    if (!request.session) throw notAuthenticated();
    if (!request.isAdmin) throw new HttpError(403, adminTexts.notAdmin);
  });
};
