// The S brain end to end (issue 20 point 7): the app against a real HTTP server speaking the
// chat-completions protocol with streaming, started here; what members see arrives over a real
// websocket, what happened is read back from the log and the read models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_QUOTA_EXCEEDED_MESSAGE } from '../../domain/assistant-quota/quota.js';
import { THE_S_BRAIN_ID, feedTexts } from '../../domain/post/rules.js';
import { assistantTexts } from '../../api/contracts/assistant.js';
import { recentAiInvocations } from '../../projections/assistant/queries.js';
import { addComment } from '../../commands/feed/comments.js';
import { anImage, eventually, openLiveSocket, postEvents, postMentioningTheSBrain, subscribePost, type LiveSocket } from '../support/assistant-fixtures.js';
import { startOpenAiCompatibleServer, type FakeBehaviour, type OpenAiCompatibleServer } from '../support/openai-compatible-server.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ANSWER = ['Use ', 'display: flex ', 'on the parent, ', 'then ', 'justify-content ', 'and ', 'align-items: ', 'center. ', 'Ask @The S brain ', 'again if stuck.'];
const CHUNK_MS = 150;

describe('The S brain', () => {
  let fake: OpenAiCompatibleServer;
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  const sockets: LiveSocket[] = [];
  const watch = async (member: ApiClient, postId: string) => {
    const socket = await openLiveSocket(server.url, member);
    sockets.push(socket);
    await subscribePost(socket, postId);
    return socket;
  };
  const aiStatuses = (socket: LiveSocket, requestId: string) =>
    socket.messages.flatMap((message, i) => (message.type === 'ai_status' && message.requestId === requestId ? [{ message, at: socket.arrivals[i]! }] : []));
  const invocation = (postId: string, status: string) =>
    eventually(async () => (await recentAiInvocations(server.sql.db, { limit: 10, postId })).find((r) => r.status === status), 15_000, `an invocation ${status}`);

  beforeAll(async () => {
    fake = await startOpenAiCompatibleServer();
    server = await startTestServer({
      env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o-mini', AI_DAILY_QUOTA: '4' },
    });
    ann = await signIn(server.url, 'ann@example.com');
    bob = await signIn(server.url, 'bob@example.com');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
    await fake?.close();
  });

  it('answers a mention live: thinking, the growing text every 0.5 s at most, the AI comment, complete, and records the call', async () => {
    fake.behave({ kind: 'answer', chunks: ANSWER, chunkDelayMs: CHUNK_MS, usage: { prompt_tokens: 1200, completion_tokens: 300 } });
    const callsBefore = fake.calls.length;
    const postId = crypto.randomUUID();
    const socket = await watch(bob, postId);
    const { aiRequestId } = await postMentioningTheSBrain(server.commands, {
      authorId: ann.memberId,
      postId,
      images: [anImage('https://media.example.com/diagram.png')],
    });
    expect(aiRequestId).not.toBeNull();

    const complete = await socket.next((m) => m.type === 'ai_status' && m.status === 'complete');
    const answer = ANSWER.join('');
    const statuses = aiStatuses(socket, aiRequestId!);
    expect(statuses[0]!.message).toMatchObject({ type: 'ai_status', postId, status: 'thinking', partial: null });
    const partials = statuses.filter((s) => s.message.status === 'thinking' && s.message.partial !== null);
    expect(partials.length).toBeGreaterThanOrEqual(2);
    for (const [i, p] of partials.entries()) {
      expect(answer.startsWith(p.message.partial)).toBe(true);
      if (i > 0) {
        expect(p.message.partial.length).toBeGreaterThan(partials[i - 1]!.message.partial.length);
        // NOTIFY and the socket add some jitter to the reactor's 500 ms spacing; chunks come every 150 ms.
        expect(p.at - partials[i - 1]!.at).toBeGreaterThan(350);
      }
    }
    expect(complete).toMatchObject({ postId, requestId: aiRequestId, message: feedTexts.aiResponded });
    expect(statuses.at(-1)!.message.status).toBe('complete');
    // The answer itself arrives as the post's new comment, flagged as the AI's.
    const newComment = await socket.next((m) => m.type === 'new_comment' && m.comment?.id === complete.commentId);
    expect(newComment).toMatchObject({ postId, isAI: true, comment: { user_id: THE_S_BRAIN_ID, is_ai_generated: true } });

    const events = await postEvents(server.store, postId);
    const aiComments = events.filter((e) => e.type === 'CommentAdded' && e.data.isAiGenerated);
    expect(aiComments).toHaveLength(1);
    expect(aiComments[0]!.data).toMatchObject({ authorId: THE_S_BRAIN_ID, content: answer.trim(), commentId: complete.commentId, mentions: [] });
    // Its own name in its answer asks nothing: one request only.
    expect(events.filter((e) => e.type === 'AiReplyRequested')).toHaveLength(1);

    expect(fake.calls.length - callsBefore).toBe(1);
    const call = fake.calls.at(-1)!;
    expect(call.authorization).toBe('Bearer sk-test');
    expect(call.body).toMatchObject({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true } });
    const user = call.body.messages.find((m) => m.role === 'user')!.content as { type: string; text?: string; image_url?: { url: string } }[];
    expect(user.find((p) => p.type === 'text')!.text).toContain('how do I centre a div in CSS?');
    expect(user.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url)).toEqual(['https://media.example.com/diagram.png']);

    const record = await invocation(postId, 'completed');
    expect(record).toMatchObject({
      trigger: 'post_mention',
      requestedBy: ann.memberId,
      model: 'gpt-4o-mini',
      tokensIn: 1200,
      tokensOut: 300,
      imageCount: 1,
      commentId: complete.commentId,
    });
    expect(record.latencyMs).toBeGreaterThanOrEqual(ANSWER.length * CHUNK_MS - 100);
    // gpt-4o-mini at $0.15 in and $0.60 out per million tokens.
    expect(record.cost).toBeCloseTo((1200 * 0.15 + 300 * 0.6) / 1_000_000, 9);
  });

  it.each([
    ['the endpoint answers HTTP 500', { kind: 'http-error', status: 500 }],
    ['the stream breaks half-way', { kind: 'broken', chunks: ['Half an ', 'answer'] }],
  ] satisfies [string, FakeBehaviour][])('shows the error and writes no comment when %s', async (_, behaviour) => {
    fake.behave(behaviour);
    const postId = crypto.randomUUID();
    const socket = await watch(ann, postId);
    const { aiRequestId } = await postMentioningTheSBrain(server.commands, { authorId: bob.memberId, postId });

    const error = await socket.next((m) => m.type === 'ai_status' && m.status === 'error');
    expect(error).toMatchObject({ postId, requestId: aiRequestId, message: 'The S brain is having trouble. Please try again in a moment.' });
    const events = await postEvents(server.store, postId);
    expect(events.filter((e) => e.type === 'CommentAdded')).toEqual([]);
    expect(events.filter((e) => e.type === 'AiReplyFailed').map((e) => e.data)).toMatchObject([{ reason: 'model_error', requestId: aiRequestId }]);
    const record = await invocation(postId, 'failed');
    expect(record).toMatchObject({ failureReason: 'model_error', model: 'gpt-4o-mini', commentId: null });
    expect(record.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('takes an ask on a comment (spec payload), nests the answer under it, and takes helpful / unhelpful once per member', async () => {
    fake.behave({ kind: 'answer', chunks: ['Try ', 'grid.'] });
    const { postId } = await postMentioningTheSBrain(server.commands, { authorId: ann.memberId, mention: false, content: 'Centring things is hard' });
    const commentId = crypto.randomUUID();
    const comment = await addComment(server.commands, { postId, commentId, actorId: bob.memberId, content: 'Same problem here', now: new Date().toISOString() });
    await server.runtime.waitFor(comment.checkpoint!);
    const socket = await watch(bob, postId);

    const asked = await bob.post('/api/the-s-brain/ask', { contentId: commentId, contentType: 'comment', text: 'What about grid?', imageUrls: [] });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toMatchObject({ postId, response: null, message: assistantTexts.asked });
    const complete = await socket.next((m) => m.type === 'ai_status' && m.status === 'complete' && m.requestId === asked.body.requestId);
    const answer = (await postEvents(server.store, postId)).find((e) => e.type === 'CommentAdded' && e.data.isAiGenerated);
    expect(answer?.data).toMatchObject({ commentId: complete.commentId, parentCommentId: commentId, depth: 1, content: 'Try grid.' });
    expect((await invocation(postId, 'completed')).trigger).toBe('ask');

    const aiCommentId = complete.commentId as string;
    await eventually(
      async () => ((await ann.get(`/api/ai/feedback/stats/${aiCommentId}`)).status === 200 ? true : undefined),
      10_000,
      'the AI comment in the read model',
    );
    expect((await ann.post('/api/ai/feedback', { commentId: aiCommentId, feedbackType: 'helpful' })).body).toEqual({
      success: true,
      message: feedTexts.aiFeedbackThanks,
    });
    const again = await ann.post('/api/ai/feedback', { commentId: aiCommentId, feedbackType: 'unhelpful' });
    expect(again).toMatchObject({ status: 409, body: { error: 'Already submitted' } });
    expect((await bob.post('/api/ai/feedback', { commentId: aiCommentId, feedbackType: 'unhelpful' })).status).toBe(200);
    // The voter reads their own vote (read-your-writes); each reader sees theirs, a non-voter none.
    expect((await bob.get(`/api/ai/feedback/stats/${aiCommentId}`)).body).toEqual({ data: { helpful: 1, unhelpful: 1, total: 2, my_vote: 'unhelpful' } });
    expect((await ann.get(`/api/ai/feedback/stats/${aiCommentId}`)).body).toEqual({ data: { helpful: 1, unhelpful: 1, total: 2, my_vote: 'helpful' } });
    const carol = await signIn(server.url, 'carol@example.com');
    expect((await carol.get(`/api/ai/feedback/stats/${aiCommentId}`)).body).toEqual({ data: { helpful: 1, unhelpful: 1, total: 2, my_vote: null } });

    // A member's comment cannot be rated, an unknown one is not found, a bad vote is a 400.
    expect(await ann.post('/api/ai/feedback', { commentId, feedbackType: 'helpful' })).toMatchObject({ status: 400, body: { error: feedTexts.onlyAiRated } });
    expect((await ann.post('/api/ai/feedback', { commentId: 'nope', feedbackType: 'helpful' })).status).toBe(404);
    expect((await ann.post('/api/ai/feedback', { commentId: aiCommentId, feedbackType: 'great' })).status).toBe(400);
    expect((await ann.get(`/api/ai/feedback/stats/${commentId}`)).status).toBe(404);
    expect((await ann.get('/api/ai/feedback/stats/nope')).status).toBe(404);

    // Deleting the post takes its AI comment's votes out of sight too.
    expect((await ann.delete(`/api/posts/${postId}`)).status).toBe(200);
    expect(await carol.get(`/api/ai/feedback/stats/${aiCommentId}`)).toMatchObject({ status: 404, body: { error: feedTexts.commentNotFound } });
  });

  it('answers one request at a time per post: an ask while it answers is refused (409), a mention meanwhile is posted and asks nothing', async () => {
    fake.behave({ kind: 'answer', chunks: ['Slow ', 'and ', 'steady.'], chunkDelayMs: 300 });
    const postId = crypto.randomUUID();
    const socket = await watch(ann, postId);
    const { aiRequestId } = await postMentioningTheSBrain(server.commands, { authorId: ann.memberId, postId });
    await socket.next((m) => m.type === 'ai_status' && m.status === 'thinking');
    const busy = await bob.post('/api/the-s-brain/ask', { contentId: postId, contentType: 'post', text: 'Me too?' });
    expect(busy).toMatchObject({ status: 409, body: { error: feedTexts.aiBusy } });
    await addComment(server.commands, {
      postId,
      commentId: crypto.randomUUID(),
      actorId: bob.memberId,
      content: '@The S brain and me?',
      mentions: [THE_S_BRAIN_ID],
      assistantAvailable: true,
      now: new Date().toISOString(),
    });
    await socket.next((m) => m.type === 'ai_status' && m.status === 'complete');
    const events = await postEvents(server.store, postId);
    expect(events.filter((e) => e.type === 'AiReplyRequested').map((e) => e.data.requestId)).toEqual([aiRequestId]);
    expect(events.filter((e) => e.type === 'CommentAdded').map((e) => e.data.isAiGenerated)).toEqual([false, true]);
  });

  it('refuses bad asks with a readable 4xx and records nothing', async () => {
    const { postId } = await postMentioningTheSBrain(server.commands, { authorId: ann.memberId, mention: false });
    const before = (await postEvents(server.store, postId)).length;
    expect((await ann.post('/api/the-s-brain/ask', { contentId: postId, contentType: 'post', text: '   ' })).status).toBe(400);
    expect((await ann.post('/api/the-s-brain/ask', { contentId: postId, contentType: 'page', text: 'Hi' })).status).toBe(400);
    expect(await ann.post('/api/the-s-brain/ask', { contentId: 'no-such-comment', contentType: 'comment', text: 'Hi' })).toMatchObject({
      status: 404,
      body: { error: feedTexts.commentNotFound },
    });
    expect(await ann.post('/api/the-s-brain/ask', { contentId: crypto.randomUUID(), contentType: 'post', text: 'Hi' })).toMatchObject({
      status: 404,
      body: { error: feedTexts.postNotFound },
    });
    const signedOut = await fetch(`${server.url}/api/the-s-brain/ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contentId: postId, contentType: 'post', text: 'Hi' }),
    });
    expect(signedOut.status).toBe(401);
    expect(await postEvents(server.store, postId)).toHaveLength(before);
  });

  it("refuses a member over the day's quota before any call, by the ask (429) and by a mention (the error status)", async () => {
    fake.behave({ kind: 'answer', chunks: ['Sure.'] });
    const cat = await signIn(server.url, 'cat@example.com');
    const status = await cat.get('/api/the-s-brain/status');
    expect(status.body).toEqual({ available: true, model: 'gpt-4o-mini', dailyQuota: 4, questionsLeft: 4, message: null });
    for (let i = 0; i < 4; i++) {
      const postId = crypto.randomUUID();
      const socket = await watch(cat, postId);
      await postMentioningTheSBrain(server.commands, { authorId: cat.memberId, postId });
      await socket.next((m) => m.type === 'ai_status' && m.status === 'complete');
    }
    const calls = fake.calls.length;
    expect((await cat.get('/api/the-s-brain/status')).body.questionsLeft).toBe(0);

    const { postId } = await postMentioningTheSBrain(server.commands, { authorId: ann.memberId, mention: false });
    const before = (await postEvents(server.store, postId)).length;
    const asked = await cat.post('/api/the-s-brain/ask', { contentId: postId, contentType: 'post', text: 'One more?' });
    expect(asked).toMatchObject({ status: 429, body: { error: AI_QUOTA_EXCEEDED_MESSAGE } });
    expect(await postEvents(server.store, postId)).toHaveLength(before);

    const mentioned = crypto.randomUUID();
    const socket = await watch(cat, mentioned);
    await postMentioningTheSBrain(server.commands, { authorId: cat.memberId, postId: mentioned });
    expect(await socket.next((m) => m.type === 'ai_status' && m.status === 'error')).toMatchObject({ message: AI_QUOTA_EXCEEDED_MESSAGE });
    expect((await postEvents(server.store, mentioned)).filter((e) => e.type === 'AiReplyFailed').map((e) => e.data)).toMatchObject([
      { reason: 'quota_exceeded', invocation: null },
    ]);
    expect(
      aiStatuses(socket, (await postEvents(server.store, mentioned)).find((e) => e.type === 'AiReplyRequested')!.data.requestId).map((m) => m.message.status),
    ).toEqual(['error']);
    expect(fake.calls.length).toBe(calls);
  });
});

describe('The S brain with no endpoint configured', () => {
  let server: TestServer;
  let ann: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    ann = await signIn(server.url, 'ann@example.com');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says it is unavailable, records nothing for a mention, and refuses an ask without recording a failure', async () => {
    expect((await ann.get('/api/the-s-brain/status')).body).toEqual({
      available: false,
      model: null,
      dailyQuota: 20,
      questionsLeft: 0,
      message: assistantTexts.unavailable,
    });
    // What the feed's routes pass: the assistant is available only with an endpoint.
    const { postId, checkpoint } = await postMentioningTheSBrain(server.commands, { authorId: ann.memberId, assistantAvailable: false });
    const asked = await ann.post('/api/the-s-brain/ask', { contentId: postId, contentType: 'post', text: 'Anyone there?' });
    expect(asked).toMatchObject({ status: 503, body: { error: assistantTexts.unavailable } });
    await server.runtime.waitFor(checkpoint!);
    expect((await postEvents(server.store, postId)).map((e) => e.type)).toEqual(['PostCreated']);
    expect(await recentAiInvocations(server.sql.db, { limit: 10 })).toEqual([]);
  });
});
