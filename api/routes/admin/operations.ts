// The operations an admin reads (and, with the log follower's controls, drives) under /api/admin/operations.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followersResponseSchema } from '../../contracts/admin-operations.js';
import { errorResponses } from '../route-schemas.js';
import type { AdminOperations } from './admin-operations.js';

export const adminOperationRoutes: FastifyPluginAsyncZod<{ operations: AdminOperations }> = async (app, { operations }) => {
  app.get('/operations/followers', { schema: { tags: ['admin'], response: { 200: followersResponseSchema, ...errorResponses(401, 403) } } }, async () => ({
    followers: await operations.followers(),
  }));
};
