// The /api/admin scope (DESIGN.md §12): every admin route is registered here, after the one guard, so
// none answers a member. A member route that merely shows more to admins stays where it is and reads
// `request.isAdmin` (plugins/admin-rights.ts); a route that only admins may call belongs here.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { AdminOperations } from './admin-operations.js';
import { guardAdminScope } from './autohooks.js';
import { adminMeRoutes } from './me.js';
import { adminOperationRoutes } from './operations.js';

export const ADMIN_PREFIX = '/api/admin';

export interface AdminScopeOptions {
  deps: AppDeps;
  operations: AdminOperations;
}

export const adminScope: FastifyPluginAsync<AdminScopeOptions> = async (scope, { deps, operations }) => {
  guardAdminScope(scope);
  await scope.register(adminMeRoutes, { deps });
  await scope.register(adminOperationRoutes, { operations });
};
