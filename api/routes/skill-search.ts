// Skill search, 'Find Skills to Learn' (spec 001 §2.2): GET /api/skill-search with the page's text,
// category, level and minimum-rating filters, answered with one page of skill cards, best rated first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchSkillCards } from '../../projections/skill-search/queries.js';
import { skillSearchQuerySchema, skillSearchResultSchema } from '../contracts/skill-search.js';
import type { AppDeps } from '../deps.js';
import { currentMember } from '../plugins/session.js';
import { errorResponses } from './route-schemas.js';

export const skillSearchRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/skill-search',
    // A member's repeated search is answered from the read cache until a member's profile (their skills,
    // name or picture) changes, their own write, or 2 s (ratings and others' likes): plugins/read-cache.ts.
    {
      config: { readCache: ['members'] },
      schema: { tags: ['skills'], querystring: skillSearchQuerySchema, response: { 200: skillSearchResultSchema, ...errorResponses(400, 401) } },
    },
    async (request) => searchSkillCards(deps.sql.db, request.query, currentMember(request).memberId),
  );
};
