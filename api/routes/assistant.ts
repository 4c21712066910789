// The S brain (spec 001 §7 'AI assistant'): whether it answers here, a member's ask (recorded; the
// reply arrives live over the websocket), and the helpful / unhelpful votes on its comments.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiQuestionsLeft, requestAiReply } from '../../commands/feed/assistant.js';
import { giveAiFeedback } from '../../commands/feed/comments.js';
import { loadPost } from '../../commands/feed/post-stream.js';
import { feedTexts } from '../../domain/post/rules.js';
import { aiFeedbackStats, postOfComment } from '../../projections/assistant/queries.js';
import { postOwnership } from '../../projections/feed/queries.js';
import {
  aiAskBodySchema,
  aiAskResultSchema,
  aiFeedbackBodySchema,
  aiFeedbackResultSchema,
  aiFeedbackStatsSchema,
  assistantStatusSchema,
  assistantTexts,
} from '../contracts/assistant.js';
import { assistantAvailable } from '../assistant-wiring.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import { errorResponses } from './route-schemas.js';

const tags = ['assistant'];
const commentParams = z.object({ commentId: z.string().min(1).max(100) });

export const assistantRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const db = deps.sql.db;
  const available = assistantAvailable(config);
  const quota = (memberId: string) => ({ memberId, now: deps.clock().toISOString(), dailyLimit: config.assistant.dailyQuota });

  app.get('/api/the-s-brain/status', { schema: { tags, response: { 200: assistantStatusSchema, ...errorResponses(401) } } }, async (request) => {
    const { memberId } = currentMember(request);
    return {
      available,
      model: config.openai?.model ?? null,
      dailyQuota: config.assistant.dailyQuota,
      questionsLeft: available ? await aiQuestionsLeft(deps.commands, quota(memberId)) : 0,
      message: available ? null : assistantTexts.unavailable,
    };
  });

  app.post(
    '/api/the-s-brain/ask',
    { schema: { tags, body: aiAskBodySchema, response: { 202: aiAskResultSchema, ...errorResponses(400, 401, 404, 409, 429, 503) } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      const { contentId, contentType, text } = request.body;
      // imageUrls are the spec's; the model is shown the post's own checked images, never a URL a client names.
      const postId = contentType === 'post' ? contentId : await postOfComment(db, contentId);
      if (postId === null) throw new HttpError(404, feedTexts.commentNotFound);
      if ((await loadPost(deps.commands, postId)).status !== 'active') throw new HttpError(404, feedTexts.postNotFound);
      if (!available) throw new HttpError(503, assistantTexts.unavailable);
      // The ask uses one of the member's questions in the same write that records it: over the quota
      // it is refused here, at once, whatever other asks are in flight (QUOTA_EXCEEDED: 429).
      const result = await requestAiReply(deps.commands, {
        postId,
        actorId: memberId,
        commentId: contentType === 'comment' ? contentId : null,
        question: text,
        now: deps.clock().toISOString(),
        correlationId: request.id,
        dailyLimit: config.assistant.dailyQuota,
      });
      void reply.afterWrite(result, [memberId]);
      return reply.code(202).send({ requestId: result.aiRequestId ?? '', postId, response: null, message: assistantTexts.asked });
    },
  );

  app.post(
    '/api/ai/feedback',
    { schema: { tags, body: aiFeedbackBodySchema, response: { 200: aiFeedbackResultSchema, ...errorResponses(400, 401, 404, 409) } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      const { commentId, feedbackType } = request.body;
      const postId = await postOfComment(db, commentId);
      if (postId === null) throw new HttpError(404, feedTexts.commentNotFound);
      const result = await giveAiFeedback(deps.commands, {
        postId,
        commentId,
        actorId: memberId,
        feedback: feedbackType,
        now: deps.clock().toISOString(),
        correlationId: request.id,
      });
      void reply.afterWrite(result, [memberId]);
      return { success: true as const, message: feedTexts.aiFeedbackThanks };
    },
  );

  app.get(
    '/api/ai/feedback/stats/:commentId',
    {
      config: { readModels: ['assistant-comments', 'feed'] },
      schema: { tags, params: commentParams, response: { 200: aiFeedbackStatsSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request) => {
      const session = currentMember(request);
      // A deleted post's comments are gone for members (admins still see them), votes included.
      const postId = await postOfComment(db, request.params.commentId);
      const post = postId === null ? null : await postOwnership(db, postId);
      if (!post || (post.deleted && !request.isAdmin)) throw new HttpError(404, feedTexts.commentNotFound);
      const stats = await aiFeedbackStats(db, request.params.commentId, session.memberId);
      if (!stats) throw new HttpError(404, feedTexts.commentNotFound);
      return { data: stats };
    },
  );
};
