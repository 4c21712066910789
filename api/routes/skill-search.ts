// Skill search, 'Find Skills to Learn' (spec 001 §2.2): GET /api/skill-search with the page's text,
// category, level and minimum-rating filters, answered with one page of skill cards, best rated first,
// from the in-memory copy of the read model that the projection runtime keeps (decisions 178 and
// 279): no statement per search.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchSkillCards } from '../../projections/skill-search/queries.js';
import { skillSearchCopy } from '../../projections/skill-search/search-index.js';
import type { AppDeps } from '../deps.js';
import { skillSearchQuerySchema, skillSearchResultSchema } from '../contracts/skill-search.js';
import { currentMember } from '../plugins/session.js';
import { errorResponses } from './route-schemas.js';

export const skillSearchRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const skillIndex = deps.reads.copy(skillSearchCopy);
  app.get(
    '/api/skill-search',
    {
      config: { readModels: ['skill-search', 'skill-likes'] },
      schema: { tags: ['skills'], querystring: skillSearchQuerySchema, response: { 200: skillSearchResultSchema, ...errorResponses(400, 401) } },
    },
    async (request) => searchSkillCards(await skillIndex.current(), request.query, currentMember(request).memberId),
  );
};
