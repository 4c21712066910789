// Skill likes (spec 000 §3, 001 §2.2): the like button on a skill card, a toggle per member.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { SKILL_NOT_FOUND_MESSAGE, toggleSkillLike } from '../../commands/skill-likes/skill-likes.js';
import { skillLikeStatus } from '../../projections/skill-likes/queries.js';
import { skillLikeBodySchema, skillLikeStatusSchema } from '../contracts/dashboard.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import { assertSelf } from '../session-access.js';
import { commonErrors, idParams } from './route-schemas.js';

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
    '/api/skills/:id/like-status',
    { schema: { tags, params: idParams, querystring: statusQuery, response: { 200: skillLikeStatusSchema, ...errors } } },
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
      void reply.afterWrite(result.checkpoint, [memberId, ownerId]);
      return { liked: result.liked, likesCount: result.likesCount };
    },
  );
};
