// The admin's members (issue 31 points 6, 7, 10): the directory's pages, a member's detail, the stat cards
// and the activity summaries, all from the admin-users read model (with balances and member-stats).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUserDetail, listActivitySummaries, listAdminUsers, userStats } from '../../../projections/admin-users/queries.js';
import {
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUsersTexts,
  userActivitiesPageSchema,
  userActivitiesQuerySchema,
  userDetailQuerySchema,
  userDetailSchema,
  userStatsSchema,
} from '../../contracts/admin-users.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http-error.js';
import { errorResponses } from '../route-schemas.js';

const tags = ['admin'];
const readModels = ['admin-users', 'balances', 'member-stats'] as const;

export const adminUserRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; adminEmails: readonly string[] }> = async (app, { deps, adminEmails }) => {
  const db = deps.sql.db;
  const emails = adminEmails.map((e) => e.trim().toLowerCase());
  const context = () => ({ now: deps.clock().toISOString(), adminEmails: emails });

  app.get(
    '/users',
    { config: { readModels }, schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => listAdminUsers(db, request.query, context()),
  );

  app.get(
    '/user-detail',
    { config: { readModels }, schema: { tags, querystring: userDetailQuerySchema, response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const detail = await getUserDetail(db, request.query.userId, context());
      if (!detail) throw new HttpError(404, adminUsersTexts.userNotFound);
      return detail;
    },
  );

  app.get('/user-stats', { config: { readModels }, schema: { tags, response: { 200: userStatsSchema, ...errorResponses(401, 403) } } }, async () =>
    userStats(db, deps.clock().toISOString()),
  );

  app.get(
    '/user-activities',
    { config: { readModels }, schema: { tags, querystring: userActivitiesQuerySchema, response: { 200: userActivitiesPageSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => listActivitySummaries(db, request.query, context()),
  );
};
