// The community feed (spec 001 §2.3-2.6, §7): the feed and one post, a post's comments page by page,
// writing, editing and soft-deleting posts, comments and replies, likes of both. Mentions are resolved
// here, against the members read model, when the text is written; the domain enforces the rest
// (authorship, depth 3, 1000 characters). Writes answer what the read model shows after them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addComment, likeComment, unlikeComment } from '../../commands/feed/comments.js';
import type { PostCommandResult } from '../../commands/feed/post-stream.js';
import { createPost, deletePost, editPost, likePost, setPostLike, unlikePost } from '../../commands/feed/posts.js';
import { resolveMentions } from '../../domain/post/text.js';
import { commentPostId, commentsPage, getComment, getPostCard, likedOnPage, markLiked, postOwnership, type FeedViewer } from '../../projections/feed/queries.js';
import { feedFirstPages } from '../../projections/feed/first-page.js';
import { mentionDirectory } from '../../projections/feed/mentions.js';
import type { z } from 'zod';
import {
  MAX_MENTIONS,
  mediaAttachmentSchema,
  type MediaAttachment,
  createCommentBodySchema,
  createPostBodySchema,
  feedTexts,
  updatePostBodySchema,
} from '../contracts/feed.js';
import {
  commentWriteResponseSchema,
  commentsPageSchema,
  commentsQuerySchema,
  deletePostResponseSchema,
  feedPageSchema,
  feedQuerySchema,
  likeResponseSchema,
  postResponseSchema,
} from '../contracts/feed-read.js';
import type { AppDeps } from '../deps.js';
import { assistantAvailable as isAssistantAvailable } from '../assistant-wiring.js';
import { HttpError } from '../http-error.js';
import { checkAttachments } from '../media/check-attachments.js';
import { currentMember } from '../plugins/session.js';
import { assertSelf } from '../session-access.js';
import { errorResponses, idParams } from './route-schemas.js';

const tags = ['feed'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const feedRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;
  const runtimeDeps = { runtime: deps.commands.runtime };
  const now = () => deps.clock().toISOString();
  const assistantAvailable = isAssistantAvailable(deps.config);
  /** Only the member's own checked uploads (api/media) and plain links may be attached. */
  const checkedAttachments = async (memberId: string, attachments: readonly z.output<typeof mediaAttachmentSchema>[]): Promise<MediaAttachment[]> => {
    const checked = await checkAttachments(deps.sql.handle, memberId, attachments, deps.clock());
    if (!checked.ok) throw new HttpError(400, checked.error);
    return checked.attachments;
  };
  const viewerOf = (request: FastifyRequest): FeedViewer & { memberId: string } => {
    const session = currentMember(request);
    return { memberId: session.memberId, isAdmin: request.isAdmin, now: deps.clock() };
  };
  const context = (request: FastifyRequest, memberId: string) => ({ now: now(), actorId: memberId, correlationId: request.id });

  /** Member ids the text mentions; a name that is no member stays text; more than MAX_MENTIONS is a 400. */
  const mentionsIn = async (text: string): Promise<string[]> => {
    const { memberIds } = resolveMentions(text, await mentionDirectory(db, text));
    if (memberIds.length > MAX_MENTIONS) throw new HttpError(400, feedTexts.tooManyMentions);
    return memberIds;
  };
  const postOr404 = async (postId: string, viewer: FeedViewer) => (await getPostCard(db, postId, viewer)) ?? notFound(feedTexts.postNotFound);
  /** The post as the read model shows it once it holds the write (a 503 if it does not: answerAfterWrite). */
  const answerPost = async (reply: FastifyReply, result: PostCommandResult, postId: string, viewer: FeedViewer) => ({
    post: await reply.answerAfterWrite(result, [viewer.memberId!], () => getPostCard(db, postId, viewer)),
  });

  // The page every member opens, kept for all of them per URL and variant (an admin's page shows deleted
  // posts) by the runtime's cache (projections/feed/first-page.ts); each member's likes are marked on it.
  const firstPages = deps.reads.cached(feedFirstPages);
  app.get(
    '/api/posts',
    { config: { readModels: ['feed', 'members'] }, schema: { tags, querystring: feedQuerySchema, response: { 200: feedPageSchema, ...errors } } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const shared = await firstPages.read(`${viewer.isAdmin ? 'admin' : 'member'} ${request.url}`, { query: request.query, viewer });
      const liked = await likedOnPage(db, shared, viewer.memberId);
      // Members who like the same posts of the page get the same answer.
      return reply.sendShared(shared, [...liked].join(' '), () => markLiked(shared.page, liked));
    },
  );

  app.get(
    '/api/posts/:id',
    { config: { readModels: ['feed', 'members'] }, schema: { tags, params: idParams, response: { 200: postResponseSchema, ...errors } } },
    async (request) => ({
      post: await postOr404(request.params.id, viewerOf(request)),
    }),
  );

  app.get(
    '/api/posts/:id/comments',
    {
      config: { readModels: ['feed', 'members'] },
      schema: { tags, params: idParams, querystring: commentsQuerySchema, response: { 200: commentsPageSchema, ...errors } },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const post = await postOwnership(db, request.params.id);
      if (!post || (post.deleted && !viewer.isAdmin)) notFound(feedTexts.postNotFound);
      return commentsPage(db, request.params.id, request.query, viewer);
    },
  );

  app.post('/api/feed-posts', { schema: { tags, body: createPostBodySchema, response: { 201: postResponseSchema, ...errors } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const body = request.body;
    assertSelf(body.user_id, viewer.memberId);
    const result = await createPost(runtimeDeps, {
      ...context(request, viewer.memberId),
      content: body.content,
      category: body.category,
      urgency: body.urgency,
      skillNeeded: body.skill_needed,
      mentions: await mentionsIn(body.content),
      mediaAttachments: await checkedAttachments(viewer.memberId, body.media_attachments),
      assistantAvailable,
    });
    return reply.code(201).send(await answerPost(reply, result, result.postId, viewer));
  });

  /** The spec's one call for both the like toggle (`likes`) and the author's edit. */
  app.put(
    '/api/feed-posts/:id',
    { schema: { tags, params: idParams, body: updatePostBodySchema, response: { 200: postResponseSchema, ...errors } } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const postId = request.params.id;
      const body = request.body;
      if (body.likes !== undefined && body.content === undefined) {
        const result = await setPostLike(runtimeDeps, { ...context(request, viewer.memberId), postId, liked: body.likes.includes(viewer.memberId) });
        return answerPost(reply, result, postId, viewer);
      }
      const content = body.content ?? '';
      const result = await editPost(runtimeDeps, {
        ...context(request, viewer.memberId),
        postId,
        content,
        urgency: body.urgency ?? null,
        skillNeeded: body.skill_needed,
        category: body.category,
        mentions: await mentionsIn(content),
        assistantAvailable,
      });
      return answerPost(reply, result, postId, viewer);
    },
  );

  app.delete('/api/posts/:id', { schema: { tags, params: idParams, response: { 200: deletePostResponseSchema, ...errors } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const result = await deletePost(runtimeDeps, { ...context(request, viewer.memberId), postId: request.params.id });
    await reply.afterWrite(result, [viewer.memberId]);
    return { deleted: true as const, id: request.params.id };
  });

  const postLike = (liked: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const viewer = viewerOf(request);
    const postId = request.params.id;
    const result = await (liked ? likePost : unlikePost)(runtimeDeps, { ...context(request, viewer.memberId), postId });
    const { post } = await answerPost(reply, result, postId, viewer);
    return { liked: post.liked_by_me, likes_count: post.likes_count };
  };
  const likeSchema = { schema: { tags, params: idParams, response: { 200: likeResponseSchema, ...errors } } };
  app.put('/api/posts/:id/like', likeSchema, postLike(true));
  app.delete('/api/posts/:id/like', likeSchema, postLike(false));

  app.post('/api/comments', { schema: { tags, body: createCommentBodySchema, response: { 201: commentWriteResponseSchema, ...errors } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const body = request.body;
    assertSelf(body.user_id, viewer.memberId);
    const result = await addComment(runtimeDeps, {
      ...context(request, viewer.memberId),
      postId: body.post_id,
      content: body.content,
      parentCommentId: body.parent_comment_id ?? null,
      isOffer: body.is_offer,
      skillOffered: body.skill_offered,
      mentions: await mentionsIn(body.content),
      assistantAvailable,
    });
    const comment = await reply.answerAfterWrite(result, [viewer.memberId], () => getComment(db, result.commentId, viewer));
    return reply.code(201).send({ comment });
  });

  const commentLike = (liked: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const viewer = viewerOf(request);
    const commentId = request.params.id;
    const postId = (await commentPostId(db, commentId)) ?? notFound(feedTexts.commentNotFound);
    const result = await (liked ? likeComment : unlikeComment)(runtimeDeps, { ...context(request, viewer.memberId), postId, commentId });
    const comment = await reply.answerAfterWrite(result, [viewer.memberId], () => getComment(db, commentId, viewer));
    return { liked: comment.liked_by_me, likes_count: comment.likes_count };
  };
  app.put('/api/comments/:id/like', likeSchema, commentLike(true));
  app.delete('/api/comments/:id/like', likeSchema, commentLike(false));
};

const notFound = (message: string): never => {
  throw new HttpError(404, message);
};
