// The feed's command handlers on the real event store (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THE_S_BRAIN_ID, feedTexts } from '../../domain/post/rules.js';
import { registerMember } from '../members.js';
import { postStreamId } from '../stream-ids.js';
import { openTestEventStore, wireTestCommands, withReadBarrier, type TestEventStore } from '../../test/support/test-event-store.js';
import { aiQuestionsLeft, aiReplyCommentId, completeAiReply, failAiReply, requestAiReply, startAiReply, useAiQuota } from './assistant.js';
import { addComment, aiFeedbackStatsOf, giveAiFeedback, likeComment } from './comments.js';
import { loadThread } from '../assistant/answer-request.js';
import { loadPost } from './post-stream.js';
import { createPost, deletePost, editPost, likePost, setPostLike } from './posts.js';

const NOW = '2026-03-02T09:00:00.000Z';
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('feed');
});
afterAll(async () => {
  await fixture?.close();
});

const deps = () => fixture.commands;
const member = async (name = 'Ada') => {
  const memberId = randomUUID();
  await registerMember(deps(), { memberId, email: `${memberId.slice(0, 8)}@example.com`, name, timeZone: 'UTC', now: NOW });
  return memberId;
};
const types = async (postId: string) => (await fixture.store.readStream(postStreamId(postId))).map((e) => e.type);
const post = async (actorId: string, extra: Partial<Parameters<typeof createPost>[1]> = {}) =>
  createPost(deps(), { actorId, content: 'Stuck on #React hooks', category: 'development', urgency: 'high', now: NOW, ...extra });

describe('posts', () => {
  it('creates, edits, likes and soft-deletes a post; a deleted post refuses everything and stays in the log', async () => {
    const [author, reader] = [await member(), await member('Bob')];
    const { postId, checkpoint, state } = await post(author);
    expect(checkpoint).toEqual(expect.any(String));
    expect(state).toMatchObject({ status: 'active', post: { skillNeeded: 'React', category: 'development' } });
    await editPost(deps(), { postId, actorId: author, content: 'Now #Redux', urgency: 'low', now: NOW });
    await likePost(deps(), { postId, actorId: reader, now: NOW });
    expect((await likePost(deps(), { postId, actorId: reader, now: NOW })).events).toEqual([]);
    await expect(deletePost(deps(), { postId, actorId: reader, now: NOW })).rejects.toMatchObject({
      code: 'NOT_AUTHORISED',
      message: 'Only the author can delete this post',
    });
    await deletePost(deps(), { postId, actorId: author, now: NOW });
    await expect(setPostLike(deps(), { postId, actorId: reader, liked: false, now: NOW })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'This post has been deleted',
    });
    await expect(addComment(deps(), { postId, actorId: reader, content: 'hi', now: NOW })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await types(postId)).toEqual(['PostCreated', 'PostEdited', 'PostLiked', 'PostDeleted']);
    expect(await loadPost(deps(), postId)).toEqual({ status: 'deleted', postId, authorId: author });
  });

  it('refuses another member’s edit and a 1001-character post, leaving the stream as it was', async () => {
    const [author, other] = [await member(), await member()];
    const { postId } = await post(author);
    await expect(editPost(deps(), { postId, actorId: other, content: 'mine now', urgency: 'low', now: NOW })).rejects.toMatchObject({ code: 'NOT_AUTHORISED' });
    await expect(editPost(deps(), { postId, actorId: author, content: 'x'.repeat(1001), urgency: 'low', now: NOW })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Posts are at most 1000 characters',
    });
    const refused = randomUUID();
    await expect(post(author, { postId: refused, content: 'x'.repeat(1001) })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await types(postId)).toEqual(['PostCreated']);
    expect(await fixture.store.readStream(postStreamId(refused))).toEqual([]);
  });

  it('keeps mentions of members only: an id that is no member stays text', async () => {
    const [author, mentioned] = [await member(), await member('Cleo')];
    const { events } = await post(author, { mentions: [mentioned, randomUUID(), mentioned] });
    expect(events[0]?.data).toMatchObject({ mentions: [mentioned] });
  });

  it('counts the likes of two members pressing at the same moment', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const { postId } = await post(author);
    const racing = wireTestCommands(withReadBarrier(fixture.store, 2));
    await Promise.all([a, b].map((actorId) => likePost(racing, { postId, actorId, now: NOW })));
    const state = await loadPost(deps(), postId);
    expect(state.status === 'active' && [...state.likedBy.keys()].sort()).toEqual([a, b].sort());
  });
});

describe('comments', () => {
  it('nests replies to depth 3 and refuses a fourth level without appending', async () => {
    const [author, reader] = [await member(), await member()];
    const { postId } = await post(author);
    let parentCommentId: string | null = null;
    for (let depth = 0; depth <= 3; depth++) {
      const { commentId, events } = await addComment(deps(), { postId, actorId: depth % 2 ? author : reader, content: `level ${depth}`, parentCommentId, now: NOW });
      expect(events[0]?.data).toMatchObject({ depth, parentCommentId });
      parentCommentId = commentId;
    }
    await expect(addComment(deps(), { postId, actorId: reader, content: 'too deep', parentCommentId, now: NOW })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Replies nest only 3 levels deep',
    });
    expect(await types(postId)).toEqual(['PostCreated', 'CommentAdded', 'CommentAdded', 'CommentAdded', 'CommentAdded']);
    await likeComment(deps(), { postId, commentId: parentCommentId!, actorId: author, now: NOW });
    expect((await types(postId)).at(-1)).toBe('CommentLiked');
  });

  it('posts an offer of help with the spec’s text', async () => {
    const [author, helper] = [await member(), await member()];
    const { postId } = await post(author);
    const { events } = await addComment(deps(), { postId, actorId: helper, content: '', isOffer: true, now: NOW });
    expect(events[0]?.data).toMatchObject({ content: "I can help u here! Let's SWAP in a call", isOffer: true, skillOffered: 'React' });
  });
});

describe('The S brain', () => {
  it('is asked by a mention, thinks, answers once however often the reactor replays, and takes one vote per member', async () => {
    const [author, reader] = [await member(), await member()];
    const { postId } = await post(author);
    const asked = await addComment(deps(), {
      postId,
      actorId: reader,
      content: '@The S brain what is a hook?',
      mentions: [THE_S_BRAIN_ID],
      assistantAvailable: true,
      now: NOW,
    });
    const requestId = asked.aiRequestId!;
    expect(requestId).toEqual(expect.any(String));
    const cause = { postId, requestId, now: NOW, correlationId: randomUUID() };
    await startAiReply(deps(), { ...cause, model: 'gpt-test' });
    const reply = { ...cause, content: 'A function that uses React state.', invocation: null };
    const [first, replay] = [await completeAiReply(deps(), reply), await completeAiReply(deps(), reply)];
    expect(first.events.map((e) => e.type)).toEqual(['CommentAdded', 'AiReplyCompleted']);
    expect(first.events[0]?.data).toMatchObject({ commentId: aiReplyCommentId(requestId), authorId: THE_S_BRAIN_ID, parentCommentId: asked.commentId, depth: 1 });
    expect(replay.events).toEqual([]);
    expect((await failAiReply(deps(), { ...cause, reason: 'model_error', invocation: null })).events).toEqual([]);

    const commentId = aiReplyCommentId(requestId);
    await giveAiFeedback(deps(), { postId, commentId, actorId: reader, feedback: 'helpful', now: NOW });
    await expect(giveAiFeedback(deps(), { postId, commentId, actorId: reader, feedback: 'unhelpful', now: NOW })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Already submitted',
    });
    expect(await aiFeedbackStatsOf(deps(), { postId, commentId })).toEqual({ helpful: 1, unhelpful: 0, total: 1 });
    expect((await loadThread(deps(), postId))?.comments.map((c) => [c.content, c.isAiGenerated])).toEqual([
      ['@The S brain what is a hook?', false],
      ['A function that uses React state.', true],
    ]);
  });

  it('records nothing when no endpoint is configured, and answers one ask at a time per post', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const { postId, aiRequestId } = await post(author, { content: 'Hey @The S brain', mentions: [THE_S_BRAIN_ID], assistantAvailable: false });
    expect(aiRequestId).toBeNull();
    const racing = wireTestCommands(withReadBarrier(fixture.store, 2));
    const asks = await Promise.allSettled(
      [a, b].map((actorId) => requestAiReply(racing, { postId, actorId, commentId: null, question: 'Why?', now: NOW, dailyLimit: 20 })),
    );
    expect(asks.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(asks.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT', message: 'The S brain is already answering on this post. Please wait for its reply.' },
    });
    expect((await types(postId)).filter((t) => t === 'AiReplyRequested')).toHaveLength(1);
  });

  it('refuses a member over the daily quota before any call, counting a replayed request once', async () => {
    const memberId = await member();
    const quota = { memberId, dailyLimit: 2, now: NOW };
    expect(await useAiQuota(deps(), { ...quota, requestId: 'r1' })).toMatchObject({ left: 1 });
    expect(await useAiQuota(deps(), { ...quota, requestId: 'r1' })).toMatchObject({ left: 1, checkpoint: null });
    await useAiQuota(deps(), { ...quota, requestId: 'r2' });
    await expect(useAiQuota(deps(), { ...quota, requestId: 'r3' })).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED', message: feedTexts.aiQuotaExceeded });
    expect(await aiQuestionsLeft(deps(), quota)).toBe(0);
    expect(await aiQuestionsLeft(deps(), { ...quota, now: '2026-03-03T00:00:00.000Z' })).toBe(2);
  });
});
