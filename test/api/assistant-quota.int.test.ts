// The S brain's daily quota under concurrent asks (issue 29 item 6): the answer to an ask is the
// quota as it stands when the member asks, so concurrent asks beyond the quota are refused at once
// (429) instead of being accepted and failing later as 'quota_exceeded'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_QUOTA_EXCEEDED_MESSAGE } from '../../domain/assistant-quota/quota.js';
import { feedTexts } from '../../domain/post/rules.js';
import { eventually, openLiveSocket, postEvents, postMentioningTheSBrain, subscribePost, type LiveSocket } from '../support/assistant-fixtures.js';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const QUOTA = 5;

describe("The S brain's daily quota", () => {
  let fake: OpenAiCompatibleServer;
  let server: TestServer;
  let ann: ApiClient;
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    fake = await startOpenAiCompatibleServer();
    fake.behave({ kind: 'answer', chunks: ['Sure.'] });
    server = await startTestServer({
      env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o-mini', AI_DAILY_QUOTA: String(QUOTA) },
    });
    ann = await signIn(server.url, 'ann@example.com');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
    await fake?.close();
  });

  it('counts an ask when it is accepted: of 12 concurrent asks with a quota of 5, 5 get 202 and 7 get 429 at once, and none fails later', async () => {
    const bob = await signIn(server.url, 'bob@example.com');
    const postIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { postId, checkpoint } = await postMentioningTheSBrain(server.commands, { authorId: ann.memberId, mention: false, content: `Question ${i}` });
      await server.runtime.waitFor(checkpoint!);
      postIds.push(postId);
    }
    const socket = await openLiveSocket(server.url, bob);
    sockets.push(socket);
    for (const postId of postIds) await subscribePost(socket, postId);

    const asks = await Promise.all(postIds.map((postId) => bob.post('/api/the-s-brain/ask', { contentId: postId, contentType: 'post', text: 'Can you help?' })));
    const accepted = asks.filter((a) => a.status === 202);
    const refused = asks.filter((a) => a.status !== 202);
    expect(accepted).toHaveLength(QUOTA);
    expect(refused).toHaveLength(12 - QUOTA);
    for (const r of refused) expect(r).toMatchObject({ status: 429, body: { error: AI_QUOTA_EXCEEDED_MESSAGE } });
    expect((await bob.get('/api/the-s-brain/status')).body.questionsLeft).toBe(0);

    // Every accepted ask is answered; nothing ends as quota_exceeded, and a refused ask recorded nothing.
    const requestIds = accepted.map((a) => a.body.requestId as string);
    for (const requestId of requestIds) await socket.next((m) => m.type === 'ai_status' && m.status === 'complete' && m.requestId === requestId);
    const events = (await Promise.all(postIds.map((postId) => postEvents(server.store, postId)))).flat();
    expect(
      events
        .filter((e) => e.type === 'AiReplyRequested')
        .map((e) => e.data.requestId)
        .sort(),
    ).toEqual([...requestIds].sort());
    expect(events.filter((e) => e.type === 'AiReplyFailed')).toEqual([]);
    expect(events.filter((e) => e.type === 'CommentAdded')).toHaveLength(QUOTA);
  });

  it('does not use up a question on an ask that is refused for another reason (the post busy answering)', async () => {
    fake.behave({ kind: 'answer', chunks: ['Slow ', 'and ', 'steady.'], chunkDelayMs: 300 });
    const cat = await signIn(server.url, 'cat@example.com');
    const postId = crypto.randomUUID();
    const socket = await openLiveSocket(server.url, cat);
    sockets.push(socket);
    await subscribePost(socket, postId);
    await postMentioningTheSBrain(server.commands, { authorId: ann.memberId, postId });
    await socket.next((m) => m.type === 'ai_status' && m.status === 'thinking');
    const busy = await cat.post('/api/the-s-brain/ask', { contentId: postId, contentType: 'post', text: 'Me too?' });
    expect(busy).toMatchObject({ status: 409, body: { error: feedTexts.aiBusy } });
    expect((await cat.get('/api/the-s-brain/status')).body.questionsLeft).toBe(QUOTA);
    await socket.next((m) => m.type === 'ai_status' && m.status === 'complete');
    await eventually(async () => ((await postEvents(server.store, postId)).some((e) => e.type === 'AiReplyCompleted') ? true : undefined));
  });
});
