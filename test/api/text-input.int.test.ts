// Issue 19 point 3: a NUL character or a lone surrogate in a path id, a query or a JSON string used to
// answer 500 on nearly every route (PostgreSQL cannot store them). Now: 400 with a readable message,
// and nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '../../api/plugins/text-input.js';
import { memberStreamId } from '../../domain/member/events.js';
import { becomeMentor, bookingBody } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('text a database cannot store', () => {
  let server: TestServer;
  let ann: ApiClient;
  let mentor: ApiClient;
  let skillId: string;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await signIn(server.url, 'ann-text@example.com', 'Ann');
    mentor = await signIn(server.url, 'mentor-text@example.com', 'Mia');
    skillId = await becomeMentor(mentor);
  });
  afterAll(async () => {
    await server?.close();
  });

  const refused = (response: { status: number; body: { error?: string } | null }) => {
    expect(response.status).toBe(400);
    expect(response.body?.error).toBe(UNSAFE_TEXT_MESSAGE);
  };

  it('refuses a NUL or a lone surrogate in a JSON string with 400 and leaves the profile unchanged', async () => {
    const before = (await server.store.readStream(memberStreamId(ann.memberId))).length;
    refused(await ann.patch(`/api/users/${ann.memberId}`, { name: 'Ann\u0000' }));
    refused(await ann.patch(`/api/users/${ann.memberId}`, { bio: 'half \ud83d of an emoji' }));
    refused(await ann.patch(`/api/users/${ann.memberId}`, { skillsToLearn: ['Pottery', '\udc00'] }));
    expect((await server.store.readStream(memberStreamId(ann.memberId))).length).toBe(before);
    expect((await ann.get('/api/user')).body.name).toBe('Ann');
  });

  it('refuses them in a path id and in a query', async () => {
    refused(await ann.get(`/api/users/${encodeURIComponent('\u0000')}`));
    refused(await ann.get(`/api/users/${ann.memberId}%00/balance`));
    refused(await ann.get(`/api/dashboard/sessions?tab=requested&search=${encodeURIComponent('x\u0000')}`));
  });

  it('refuses a booking whose message holds one, and books nothing', async () => {
    const body = bookingBody({ mentor, skillId, date: '2026-12-08', time: '10:00', message: 'Hello \u0000' });
    refused(await ann.post('/api/sessions', body));
    expect((await ann.get(`/api/users/${ann.memberId}/sessions`)).body).toEqual([]);
  });

  it('still takes emoji and other text PostgreSQL stores', async () => {
    const response = await ann.patch(`/api/users/${ann.memberId}`, { bio: 'Pottery 🏺, Ελληνικά' });
    expect(response.status).toBe(200);
    expect(response.body.bio).toBe('Pottery 🏺, Ελληνικά');
  });
});
