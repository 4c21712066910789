// Skills (spec 000 §3, 001 §2.2, §7): the like button on a skill card, a toggle per member; the skill
// catalogue's Create New Skill call; and the '#' suggestions of the composer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { catalogueSkill } from '../../commands/skill-catalogue/skill-catalogue.js';
import { SKILL_NOT_FOUND_MESSAGE, toggleSkillLike } from '../../commands/skill-likes/skill-likes.js';
import { searchSkills } from '../../projections/skill-search/suggestions.js';
import { skillLikeStatus } from '../../projections/skill-likes/queries.js';
import { skillLikeBodySchema, skillLikeStatusSchema } from '../contracts/dashboard.js';
import { catalogueSkillSchema, createSkillBodySchema, skillSuggestionSchema, suggestionQuerySchema, SUGGESTIONS_MAX } from '../contracts/skill-catalogue.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import { assertSelf } from '../session-access.js';
import { commonErrors, errorResponses, idParams } from './route-schemas.js';

const tags = ['skills'];
const errors = commonErrors;
const statusQuery = z.object({ userId: z.string().max(100).optional() });

export const skillRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;

  /** The mentor who teaches the skill, from the members read model (skill ids are unique). */
  const ownerOf = async (skillId: string): Promise<string> => {
    const row = await db
      .selectFrom('members')
      .select('id')
      .where(sql<boolean>`skills_to_teach @> ${JSON.stringify([{ id: skillId }])}::jsonb`)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, SKILL_NOT_FOUND_MESSAGE);
    return row.id as string;
  };

  app.get(
    '/api/skills/search',
    {
      config: { readModels: ['skill-search'] },
      schema: { tags, querystring: suggestionQuerySchema, response: { 200: z.array(skillSuggestionSchema), ...errorResponses(400, 401) } },
    },
    async (request) => searchSkills(db, request.query.q, SUGGESTIONS_MAX),
  );

  // A name catalogued before answers 200 with the entry that was there (the form's 'Skill added' holds:
  // the skill exists); a new one 201. Nothing here can name another member as its creator.
  app.post(
    '/api/skills',
    { schema: { tags, body: createSkillBodySchema, response: { 200: catalogueSkillSchema, 201: catalogueSkillSchema, ...errorResponses(400, 401) } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      const { name, category, description } = request.body;
      const result = await catalogueSkill(deps.commands, {
        name,
        category,
        description,
        createdBy: memberId,
        source: 'member',
        now: deps.clock().toISOString(),
        correlationId: request.id,
      });
      void reply.afterWrite(result, [memberId]);
      const { skillId: id, category: shownCategory, description: shownDescription, source } = result.skill;
      return reply.code(result.created ? 201 : 200).send({ id, name: result.skill.name, category: shownCategory, description: shownDescription, source });
    },
  );

  app.get(
    '/api/skills/:id/like-status',
    {
      config: { readModels: ['skill-likes', 'members'] },
      schema: { tags, params: idParams, querystring: statusQuery, response: { 200: skillLikeStatusSchema, ...errors } },
    },
    async (request) => {
      const { memberId } = currentMember(request);
      assertSelf(request.query.userId, memberId);
      await ownerOf(request.params.id);
      return skillLikeStatus(db, request.params.id, memberId);
    },
  );

  app.post(
    '/api/skills/:id/like',
    { schema: { tags, params: idParams, body: skillLikeBodySchema, response: { 200: skillLikeStatusSchema, ...errors } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      assertSelf(request.body?.userId, memberId);
      const ownerId = await ownerOf(request.params.id);
      const result = await toggleSkillLike(deps.commands, { skillId: request.params.id, ownerId, memberId, now: deps.clock().toISOString(), correlationId: request.id });
      // Answered from the command's result; the liker's and the mentor's next reads show the count.
      void reply.afterWrite(result, [memberId, ownerId]);
      return { liked: result.liked, likesCount: result.likesCount };
    },
  );
};
