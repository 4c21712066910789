// Issue 32 point 4: the AI Analytics figures through the real server. Members ask The S brain, which
// calls a real HTTP server speaking the chat-completions protocol (two answers, one HTTP 500), and vote
// on its answers; GET /api/admin/ai/analytics must then answer exactly what the post streams recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_ANALYTICS_RECENT_LIMIT, type AiAnalytics } from '../../api/contracts/admin-ai-analytics.js';
import { adminTexts } from '../../api/routes/admin/autohooks.js';
import type { AiReplyCompleted, AiReplyFailed } from '../../domain/post/events.js';
import { anImage, eventually, openLiveSocket, endedRequest } from '../support/assistant-fixtures.js';
import { heardAfter } from '../support/live-socket.js';
import { startOpenAiCompatibleServer, type FakeBehaviour, type OpenAiCompatibleServer } from '../support/openai-compatible-server.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-admin@example.com';
const PATH = '/api/admin/ai/analytics';

type Ended = AiReplyCompleted | AiReplyFailed;

describe('GET /api/admin/ai/analytics', () => {
  let fake: OpenAiCompatibleServer;
  let server: TestServer;
  let admin: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;
  const ended: (Ended & { postId: string })[] = [];

  beforeAll(async () => {
    fake = await startOpenAiCompatibleServer();
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN, OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o-mini' } });
    [admin, ann, bob] = await Promise.all([signIn(server.url, ADMIN, 'Ada'), signIn(server.url, 'ann@example.com', 'Ann'), signIn(server.url, 'bob@example.com', 'Bob')]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** Ann asks The S brain on a new post; answers once the request's end is in the interactive read models. */
  const ask = async (behaviour: FakeBehaviour, images = 0) => {
    fake.behave(behaviour);
    const attached = Array.from({ length: images }, (_, i) => anImage(`https://media.example.com/${i}.png`));
    const { postId, end } = await endedRequest(server, ann.memberId, { images: attached });
    const event = { type: end.type, data: end.data } as Ended;
    ended.push({ ...event, postId });
    return event;
  };

  const analytics = async () => {
    const response = await admin.get<AiAnalytics>(PATH);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('answers 401 signed out and 403 to a member', async () => {
    expect((await fetch(`${server.url}${PATH}`)).status).toBe(401);
    const asMember = await ann.get(PATH);
    expect([asMember.status, asMember.body.error]).toEqual([403, adminTexts.notAdmin]);
  });

  it('answers zeros and no rows before the assistant was ever asked', async () => {
    expect(await analytics()).toEqual({
      summary: { totalInvocations: 0, successfulInvocations: 0, failedInvocations: 0, successRate: null, avgResponseTimeMs: null, totalCostUsd: 0 },
      feedback: { total: 0, helpful: 0, unhelpful: 0, satisfactionRate: null },
      recentInvocations: [],
    });
  });

  it('answers the figures the recorded invocations and feedback make, the newest invocation first', async () => {
    const usage = { prompt_tokens: 1200, completion_tokens: 300 };
    const first = await ask({ kind: 'answer', chunks: ['Use ', 'flex.'], usage }, 2);
    const second = await ask({ kind: 'http-error', status: 500 });
    const third = await ask({ kind: 'answer', chunks: ['Grid ', 'works too.'], usage: { prompt_tokens: 400, completion_tokens: 100 } });
    expect([first.type, second.type, third.type]).toEqual(['AiReplyCompleted', 'AiReplyFailed', 'AiReplyCompleted']);

    // Bob finds the first answer helpful, Ann the third not.
    const commentOf = (e: Ended) => (e as AiReplyCompleted).data.commentId;
    expect((await bob.post('/api/ai/feedback', { commentId: commentOf(first), feedbackType: 'helpful' })).status).toBe(200);
    expect((await ann.post('/api/ai/feedback', { commentId: commentOf(third), feedbackType: 'unhelpful' })).status).toBe(200);

    // What the log recorded, summed here from the events themselves.
    const calls = ended.flatMap((e) => (e.data.invocation ? [e.data.invocation] : []));
    const microCost = calls.reduce((sum, c) => sum + Math.round(c.cost * 1_000_000), 0);
    const expected: AiAnalytics['summary'] = {
      totalInvocations: 3,
      successfulInvocations: 2,
      failedInvocations: 1,
      successRate: (2 / 3) * 100,
      avgResponseTimeMs: calls.reduce((sum, c) => sum + c.latencyMs, 0) / calls.length,
      totalCostUsd: microCost / 1_000_000,
    };
    // gpt-4o-mini at $0.15 in and $0.60 out per million tokens: 360 and 120 millionths for the answers.
    expect([first, third].map((e) => Math.round(e.data.invocation!.cost * 1_000_000))).toEqual([360, 120]);

    const body = await eventually(async () => {
      const now = await analytics();
      return now.summary.totalInvocations === 3 && now.feedback.total === 2 ? now : undefined;
    });
    expect(body.summary).toEqual(expected);
    expect(body.feedback).toEqual({ total: 2, helpful: 1, unhelpful: 1, satisfactionRate: 50 });
    expect(body.recentInvocations.length).toBeLessThanOrEqual(AI_ANALYTICS_RECENT_LIMIT);
    expect(body.recentInvocations.map((r) => [r.postId, r.triggerType, r.status, r.failureReason, r.latencyMs, r.costUsd, r.imageCount])).toEqual(
      [...ended]
        .reverse()
        .map((e) => [
          e.postId,
          'post_mention',
          e.type === 'AiReplyCompleted' ? 'success' : 'failed',
          e.type === 'AiReplyFailed' ? e.data.reason : null,
          e.data.invocation?.latencyMs ?? null,
          e.data.invocation ? Math.round(e.data.invocation.cost * 1_000_000) / 1_000_000 : null,
          e.data.invocation?.imageCount ?? 0,
        ]),
    );
    expect(body.recentInvocations.at(-1)!.imageCount).toBe(2);
  }, 120_000);

  it("tells the admin's socket of a new vote, and the figures move with it", async () => {
    const socket = await openLiveSocket(server.url, admin);
    try {
      const answered = ended.find((e) => e.type === 'AiReplyCompleted')! as AiReplyCompleted & { postId: string };
      await heardAfter(
        [socket],
        (m) => m.type === 'changed' && m.scope === 'admin',
        async () => expect((await ann.post('/api/ai/feedback', { commentId: answered.data.commentId, feedbackType: 'helpful' })).status).toBe(200),
      );
      const body = await eventually(async () => {
        const now = await analytics();
        return now.feedback.total === 3 ? now : undefined;
      });
      expect(body.feedback).toEqual({ total: 3, helpful: 2, unhelpful: 1, satisfactionRate: (2 / 3) * 100 });
    } finally {
      socket.close();
    }
  });
});
