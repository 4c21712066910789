// GET /api/admin/me: who the admin is, as the members read model knows them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMember } from '../../../projections/members/queries.js';
import { adminMeSchema } from '../../contracts/admin-me.js';
import type { AppDeps } from '../../deps.js';
import { currentMember } from '../../plugins/session.js';
import { errorResponses } from '../route-schemas.js';

export const adminMeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/me', { schema: { tags: ['admin'], response: { 200: adminMeSchema, ...errorResponses(401, 403) } } }, async (request) => {
    const session = currentMember(request);
    const member = await getMember(deps.sql.db, session.memberId);
    // The session's e-mail made the admin; the name is the profile's (the e-mail until one is set).
    return { id: session.memberId, name: member?.name ?? session.email, email: session.email };
  });
};
