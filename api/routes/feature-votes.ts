// Feature voting on /coming-soon (spec 002 §7): the counts, the member's own vote, the discussion, and
// the member's vote and comment. Every call needs a session (the page is for signed-in members); a
// feature the spec does not offer is a 404 in a path and a 400 in a body.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addFeatureComment, castFeatureVote } from '../../commands/feature-votes/feature-votes.js';
import { getMember } from '../../projections/members/queries.js';
import { featureComments, featureVoteCounts, memberFeatureVote } from '../../projections/feature-votes/queries.js';
import {
  addCommentBodySchema,
  castVoteBodySchema,
  featureCommentSchema,
  featureIdParams,
  featureTexts,
  featureVoteCountsSchema,
  userVoteSchema,
  FEATURE_IDS,
} from '../contracts/feature-votes.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import { assertSelf } from '../session-access.js';
import { errorResponses } from './route-schemas.js';

const tags = ['feature-votes'];
const errors = errorResponses(400, 401, 403, 404);

const knownFeature = (featureId: string): string => {
  if (!(FEATURE_IDS as readonly string[]).includes(featureId)) throw new HttpError(404, featureTexts.notFound);
  return featureId;
};

export const featureVoteRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;
  const now = () => deps.clock().toISOString();

  app.get(
    '/api/feature-votes/:featureId',
    { config: { readModels: ['feature-votes'] }, schema: { tags, params: featureIdParams, response: { 200: featureVoteCountsSchema, ...errors } } },
    async (request) => featureVoteCounts(db, knownFeature(request.params.featureId)),
  );

  app.get(
    '/api/feature-votes/:featureId/user-vote',
    { config: { readModels: ['feature-votes'] }, schema: { tags, params: featureIdParams, response: { 200: userVoteSchema, ...errors } } },
    async (request) => {
      const { memberId } = currentMember(request);
      const featureId = knownFeature(request.params.featureId);
      return { feature_id: featureId, vote_type: await memberFeatureVote(db, featureId, memberId) };
    },
  );

  app.post('/api/feature-votes', { schema: { tags, body: castVoteBodySchema, response: { 200: userVoteSchema, ...errors } } }, async (request, reply) => {
    const { memberId } = currentMember(request);
    assertSelf(request.body.user_id, memberId);
    const { feature_id: featureId, vote_type: voteType } = request.body;
    const result = await castFeatureVote(deps.commands, { featureId, memberId, voteType, now: now(), correlationId: request.id });
    void reply.afterWrite(result, [memberId]);
    return { feature_id: featureId, vote_type: result.voteType };
  });

  app.get(
    '/api/feature-comments/:featureId',
    {
      config: { readModels: ['feature-votes', 'members'] },
      schema: { tags, params: featureIdParams, response: { 200: z.array(featureCommentSchema), ...errors } },
    },
    async (request) => featureComments(db, knownFeature(request.params.featureId)),
  );

  app.post('/api/feature-comments', { schema: { tags, body: addCommentBodySchema, response: { 201: featureCommentSchema, ...errors } } }, async (request, reply) => {
    const { memberId } = currentMember(request);
    assertSelf(request.body.user_id, memberId);
    const { feature_id: featureId, content } = request.body;
    const result = await addFeatureComment(deps.commands, { featureId, commentId: randomUUID(), memberId, content, now: now(), correlationId: request.id });
    void reply.afterWrite(result, [memberId]);
    // The comment as the discussion will list it, with its author as the members read model knows them.
    const author = await getMember(db, memberId);
    const { commentId: id, content: shown } = result.comment;
    const user = { id: memberId, name: author?.name ?? 'Member', avatar: author?.avatar ?? null };
    return reply.code(201).send({ id, feature_id: featureId, content: shown, created_at: result.at, user });
  });
};
