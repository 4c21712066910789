// The dashboard sidebar and small member features (spec 000 §2, 001 §2.9-2.10): recommendations,
// suggestions, onboarding and the welcome tour, streaks, skill likes and feedback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackStreamId } from '../../domain/feedback/events.js';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signedOut } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('dashboard sidebar, likes and feedback', () => {
  let server: TestServer;
  let mia: ApiClient; // teaches TypeScript
  let sam: ApiClient; // wants to learn TypeScript
  let skillId: string;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    [mia, sam] = await Promise.all([signIn(server.url, 'mia@example.com', 'Mia'), signIn(server.url, 'sam@example.com', 'Sam')]);
    skillId = await becomeMentor(mia);
    await sam.patch(`/api/users/${sam.memberId}`, { skillsToLearn: ['TypeScript'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('recommends the skills a member wants to learn, best first, to that member only', async () => {
    const response = await sam.get(`/api/users/${sam.memberId}/recommendations`);
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({ skill: { id: skillId, name: 'TypeScript' }, mentor: { id: mia.memberId, name: 'Mia' } });
    expect(response.body[0].reasons).toContain('name_match');
    expect(response.body[0].score).toBeGreaterThanOrEqual(110);
    expect((await mia.get(`/api/users/${sam.memberId}/recommendations`)).status).toBe(403);
  });

  it('suggests a matching mentor among the carousel items', async () => {
    const response = await sam.get(`/api/users/${sam.memberId}/suggestions?t=${Date.now()}`);
    expect(response.body).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'skill_match', title: 'Learn TypeScript with Mia' })]));
    expect((await mia.get(`/api/users/${sam.memberId}/suggestions`)).status).toBe(403);
  });

  it('reports onboarding steps and records the welcome tour once seen', async () => {
    const before = (await sam.get(`/api/users/${sam.memberId}/onboarding`)).body;
    expect(before).toMatchObject({
      hasSeenWelcomeTour: false,
      totalSteps: 5,
      assistantAvailable: false,
      onboardingSteps: { scheduled_session: false, shared_post: false },
    });
    expect((await mia.get(`/api/users/${mia.memberId}/onboarding`)).body.onboardingSteps).toMatchObject({ added_skills: true, set_availability: true });

    expect((await sam.patch(`/api/users/${sam.memberId}/onboarding`, { hasSeenWelcomeTour: false })).status).toBe(400);
    expect((await mia.patch(`/api/users/${sam.memberId}/onboarding`, { hasSeenWelcomeTour: true })).status).toBe(403);
    expect((await mia.get(`/api/users/${sam.memberId}/onboarding`)).status).toBe(403);
    const seen = await sam.patch(`/api/users/${sam.memberId}/onboarding`, { hasSeenWelcomeTour: true });
    expect(seen).toMatchObject({ status: 200, body: { hasSeenWelcomeTour: true } });

    await sam.post('/api/sessions', bookingBody({ mentor: mia, skillId, date: '2026-12-07', time: '10:00' }));
    expect((await sam.get(`/api/users/${sam.memberId}/onboarding`)).body.onboardingSteps.scheduled_session).toBe(true);
  });

  it("shows any member's streak and reviews, and 404 for an unknown member", async () => {
    expect((await sam.get(`/api/users/${mia.memberId}/streak`)).body).toEqual({ streak: 0 });
    expect((await sam.get(`/api/users/${mia.memberId}/reviews`)).body).toEqual([]);
    expect((await sam.get('/api/users/nobody/streak')).status).toBe(404);
  });

  it('toggles a like on a skill and counts likes', async () => {
    expect((await sam.get(`/api/skills/${skillId}/like-status?userId=${sam.memberId}`)).body).toEqual({ liked: false, likesCount: 0 });
    expect((await sam.post(`/api/skills/${skillId}/like`, { userId: sam.memberId })).body).toEqual({ liked: true, likesCount: 1 });
    expect((await mia.get(`/api/skills/${skillId}/like-status`)).body).toEqual({ liked: false, likesCount: 1 });
    expect((await sam.post(`/api/skills/${skillId}/like`)).body).toEqual({ liked: false, likesCount: 0 });
    expect((await mia.post(`/api/skills/${skillId}/like`, {})).body).toEqual({ error: 'You cannot like your own skill' });
    expect((await sam.post(`/api/skills/${skillId}/like`, { userId: mia.memberId })).status).toBe(403);
    expect((await sam.post('/api/skills/no-such-skill/like', {})).status).toBe(404);
    expect((await sam.get('/api/skills/no-such-skill/like-status')).status).toBe(404);
  });

  it('stores feedback as an event and refuses blank text', async () => {
    expect((await sam.post('/api/feedback', { message: '   ' })).body).toEqual({ error: 'Please enter your feedback before sending.' });
    expect((await sam.post('/api/feedback', { message: 'x'.repeat(2001) })).status).toBe(400);
    expect((await sam.post('/api/feedback', {})).status).toBe(400);
    const sent = await sam.post('/api/feedback', { message: '  The calendar is lovely  ', source: 'dashboard' });
    expect(sent).toMatchObject({ status: 201, body: { ok: true, id: expect.any(String) } });
    const [event] = await server.store.readStream(feedbackStreamId(sent.body.id));
    expect(event).toMatchObject({ type: 'FeedbackSubmitted', data: { memberId: sam.memberId, message: 'The calendar is lovely', source: 'dashboard' } });
    expect(event!.metadata.actorId).toBe(sam.memberId);
  });

  it('answers 401 to these routes when signed out', async () => {
    for (const [method, path] of [
      ['GET', `/api/users/${sam.memberId}/recommendations`],
      ['GET', `/api/users/${sam.memberId}/suggestions`],
      ['GET', `/api/users/${sam.memberId}/onboarding`],
      ['PATCH', `/api/users/${sam.memberId}/onboarding`],
      ['GET', `/api/users/${sam.memberId}/streak`],
      ['GET', `/api/users/${sam.memberId}/reviews`],
      ['GET', `/api/skills/${skillId}/like-status`],
      ['POST', `/api/skills/${skillId}/like`],
      ['POST', '/api/feedback'],
    ] as const) {
      const response = await signedOut(server.url, method, path, method === 'GET' ? undefined : { message: 'hi' });
      expect({ path, ...response }).toEqual({ path, status: 401, body: { error: 'User not authenticated' } });
    }
  });

  it('keeps every point accounted for', async () => {
    expect(await expectLedgerBalanced(server)).toMatchObject({ granted: 6, held: 1 });
  });
});
