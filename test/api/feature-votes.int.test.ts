// Feature voting on /coming-soon (spec 002 §2, §5, §7; issue 31 points 9 and 10) through the real HTTP
// server: every call's 401, 400 (state unchanged) and 404, the admin's status route refused to members,
// a vote replaced and never added, comments trimmed, the voters told of a status, and the change live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTexts } from '../../api/routes/admin/autohooks.js';
import { FEATURE_COMMENT_MAX, FEATURE_NOTE_MAX, featureTexts } from '../../api/contracts/feature-votes.js';
import { featureVoteStreamId } from '../../commands/stream-ids.js';
import { openLiveSocket } from '../support/assistant-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'vera-admin@example.com';

describe('feature voting', () => {
  let server: TestServer;
  let admin: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;
  let cy: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN } });
    [admin, ann, bob, cy] = await Promise.all([
      signIn(server.url, ADMIN, 'Vera'),
      signIn(server.url, 'ann-votes@example.com', 'Ann'),
      signIn(server.url, 'bob-votes@example.com', 'Bob'),
      signIn(server.url, 'cy-votes@example.com', 'Cy'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  // Read as the member who wrote last: their next read waits for the read model (another member's may not).
  const counts = async (featureId: string, reader: ApiClient = ann) => (await reader.get(`/api/feature-votes/${featureId}`)).body;

  it('answers every call 401 signed out', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/feature-votes/post_job'],
      ['GET', '/api/feature-votes/post_job/user-vote'],
      ['POST', '/api/feature-votes', { feature_id: 'post_job', vote_type: 'like' }],
      ['GET', '/api/feature-comments/post_job'],
      ['POST', '/api/feature-comments', { feature_id: 'post_job', content: 'Hi' }],
      ['POST', '/api/admin/features/post_job/status', { status: 'planned', note: '' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json', origin: server.url } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('counts a vote, shows the member their own, and replaces it on change instead of adding', async () => {
    expect(await counts('post_job')).toMatchObject({ feature_id: 'post_job', like: 0, neutral: 0, dislike: 0, status: 'open' });
    expect((await ann.get('/api/feature-votes/post_job/user-vote')).body).toEqual({ feature_id: 'post_job', vote_type: null });
    expect((await ann.post('/api/feature-votes', { feature_id: 'post_job', vote_type: 'like' })).body).toEqual({ feature_id: 'post_job', vote_type: 'like' });
    await bob.post('/api/feature-votes', { feature_id: 'post_job', vote_type: 'dislike' });
    expect(await counts('post_job', bob)).toMatchObject({ like: 1, neutral: 0, dislike: 1 });
    expect((await ann.post('/api/feature-votes', { feature_id: 'post_job', vote_type: 'neutral' })).status).toBe(200);
    expect(await counts('post_job')).toMatchObject({ like: 0, neutral: 1, dislike: 1 });
    expect((await ann.get('/api/feature-votes/post_job/user-vote')).body.vote_type).toBe('neutral');
    expect((await bob.get('/api/feature-votes/post_job/user-vote')).body.vote_type).toBe('dislike');
    // The same vote again adds no event.
    await ann.post('/api/feature-votes', { feature_id: 'post_job', vote_type: 'neutral' });
    expect((await server.store.readStream(featureVoteStreamId('post_job', ann.memberId))).map((e) => e.data)).toEqual([
      { featureId: 'post_job', memberId: ann.memberId, voteType: 'like', previousVoteType: null },
      { featureId: 'post_job', memberId: ann.memberId, voteType: 'neutral', previousVoteType: 'like' },
    ]);
  });

  it('leaves one vote after five concurrent changes of one member’s vote', async () => {
    const picks = ['like', 'dislike', 'neutral', 'like', 'dislike'] as const;
    const answers = await Promise.all(picks.map((vote_type) => cy.post('/api/feature-votes', { feature_id: 'good_deals', vote_type })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const shown = await counts('good_deals', cy);
    expect(shown.like + shown.neutral + shown.dislike).toBe(1);
    const own = (await cy.get('/api/feature-votes/good_deals/user-vote')).body.vote_type;
    expect(shown[own]).toBe(1);
    // Each event replaced the vote the one before it left: a chain, ending at the vote shown.
    const events = (await server.store.readStream(featureVoteStreamId('good_deals', cy.memberId))).map(
      (e) => e.data as { voteType: string; previousVoteType: string | null },
    );
    events.forEach((e, i) => expect(e.previousVoteType).toBe(i === 0 ? null : events[i - 1]!.voteType));
    expect(events.at(-1)!.voteType).toBe(own);
  });

  it('refuses bad votes and comments with 400 and a readable text, leaving the counts and the discussion as they were', async () => {
    const before = [await counts('how_to_quote'), (await ann.get('/api/feature-comments/how_to_quote')).body];
    const refusals: [unknown, string][] = [
      [await ann.post('/api/feature-votes', { feature_id: 'how_to_quote', vote_type: 'love' }), featureTexts.badVote],
      [await ann.post('/api/feature-votes', { feature_id: 'time_travel', vote_type: 'like' }), featureTexts.notFound],
      [await ann.post('/api/feature-votes', { vote_type: 'like' }), featureTexts.notFound],
      [await ann.post('/api/feature-comments', { feature_id: 'how_to_quote', content: ' \n\t ' }), featureTexts.commentEmpty],
      [await ann.post('/api/feature-comments', { feature_id: 'how_to_quote', content: 'x'.repeat(FEATURE_COMMENT_MAX + 1) }), featureTexts.commentTooLong],
      [await ann.post('/api/feature-comments', { feature_id: 'how_to_quote' }), featureTexts.commentEmpty],
    ];
    for (const [response, text] of refusals) expect(response).toMatchObject({ status: 400, body: { error: expect.stringContaining(text) } });
    expect([await counts('how_to_quote'), (await ann.get('/api/feature-comments/how_to_quote')).body]).toEqual(before);
    expect((await ann.post('/api/feature-votes', { feature_id: 'how_to_quote', vote_type: 'like', user_id: bob.memberId })).status).toBe(403);
    expect(await counts('how_to_quote')).toEqual(before[0]);
    for (const path of ['/api/feature-votes/nope', '/api/feature-votes/nope/user-vote', '/api/feature-comments/nope']) {
      expect(await ann.get(path)).toMatchObject({ status: 404, body: { error: featureTexts.notFound } });
    }
  });

  it('adds a comment trimmed, with its author, to the feature’s discussion only', async () => {
    const posted = await ann.post('/api/feature-comments', { feature_id: 'how_to_quote', content: '  Would love benchmarks  ' });
    expect(posted).toMatchObject({ status: 201, body: { feature_id: 'how_to_quote', content: 'Would love benchmarks', user: { id: ann.memberId, name: 'Ann' } } });
    await bob.post('/api/feature-comments', { feature_id: 'how_to_quote', content: 'Me too' });
    // Bob reads: his read waits for his own write (read-your-writes is per session; Ann's would not).
    const listed = (await bob.get('/api/feature-comments/how_to_quote')).body as { content: string; user: { name: string } }[];
    expect(listed.map((c) => [c.user.name, c.content])).toEqual([
      ['Ann', 'Would love benchmarks'],
      ['Bob', 'Me too'],
    ]);
    expect((await ann.get('/api/feature-comments/post_job')).body).toEqual([]);
  });

  it('lets only an admin set a status, refuses a bad one unchanged, and tells every voter but nobody else', async () => {
    const path = '/api/admin/features/post_job/status';
    expect(await ann.post(path, { status: 'planned', note: 'Soon' })).toMatchObject({ status: 403, body: { error: adminTexts.notAdmin } });
    expect(await admin.post(path, { status: 'shipped' })).toMatchObject({ status: 400, body: { error: expect.stringContaining(featureTexts.badStatus) } });
    expect(await admin.post(path, { status: 'planned', note: 'x'.repeat(FEATURE_NOTE_MAX + 1) })).toMatchObject({ status: 400 });
    expect((await admin.post('/api/admin/features/nope/status', { status: 'planned' })).status).toBe(404);
    expect(await counts('post_job')).toMatchObject({ status: 'open', status_note: '' });

    const set = await admin.post(path, { status: 'planned', note: ' Early next year ' });
    expect(set).toMatchObject({ status: 200, body: { feature_id: 'post_job', status: 'planned', note: 'Early next year' } });
    expect(await counts('post_job', admin)).toMatchObject({ status: 'planned', status_note: 'Early next year', like: 0, neutral: 1, dislike: 1 });

    const updates = async (member: ApiClient) =>
      ((await member.get(`/api/users/${member.memberId}/notifications`)).body as { type: string; title: string; message: string; read: boolean }[]).filter(
        (n) => n.type === 'feature_status',
      );
    // Ann and Bob voted on post_job; Cy voted on another feature.
    await expect.poll(async () => (await updates(bob)).length, { timeout: 10_000 }).toBe(1);
    for (const voter of [ann, bob]) {
      expect(await updates(voter)).toEqual([
        expect.objectContaining({ title: 'Feature Update', message: 'Post a Job, a feature you voted on, is now Planned: Early next year', read: false }),
      ]);
    }
    expect(await updates(cy)).toEqual([]);
    expect(await updates(admin)).toEqual([]);
  });

  it('tells every signed-in socket that a feature changed when someone votes', async () => {
    const socket = await openLiveSocket(server.url, ann);
    try {
      await bob.post('/api/feature-votes', { feature_id: 'how_to_quote', vote_type: 'like' });
      await socket.next((m) => m.type === 'changed' && m.scope === 'feature' && m.id === 'how_to_quote', 10_000);
    } finally {
      socket.close();
    }
  });
});
