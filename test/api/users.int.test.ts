// Acceptance for the member routes (issue 2 §5): own profile only, readable 400s that change
// nothing, read-your-writes after PATCH, 404s and 401s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStreamId } from '../../domain/member/events.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('member routes', () => {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: 'ada@example.com' } });
    ann = await signIn(server.url, 'ann@example.com', 'Ann');
    bob = await signIn(server.url, 'bob@example.com', 'Bob');
    admin = await signIn(server.url, 'ada@example.com', 'Ada');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('updates the own profile and answers with the projected result at once', async () => {
    const patch = {
      bio: 'Teaches TypeScript',
      location: 'Lisbon',
      timeZone: 'Europe/Lisbon',
      skillsToTeach: [{ name: 'TypeScript', description: 'Types that help', category: 'Development', experienceLevel: 'expert', pointsPerHour: 2 }],
      skillsToLearn: ['Pottery'],
      availability: [{ day: 'Monday', startTime: '09:00', endTime: '12:00' }],
    };
    const response = await ann.patch(`/api/users/${ann.memberId}`, patch);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: ann.memberId, bio: 'Teaches TypeScript', location: 'Lisbon', timeZone: 'Europe/Lisbon', skillsToLearn: ['Pottery'] });
    expect(response.body.skillsToTeach).toEqual([expect.objectContaining({ name: 'TypeScript', pointsPerHour: 2, id: expect.any(String) })]);

    // Another member sees the change immediately too.
    expect((await bob.get(`/api/users/${ann.memberId}`)).body.bio).toBe('Teaches TypeScript');
  });

  it("refuses to edit another member's profile with 403 and leaves it unchanged", async () => {
    const before = (await bob.get(`/api/users/${bob.memberId}`)).body;
    const response = await ann.patch(`/api/users/${bob.memberId}`, { name: 'Hacked' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'You can only edit your own profile' });
    expect((await bob.get(`/api/users/${bob.memberId}`)).body).toEqual(before);
  });

  it('answers a malformed body with 400 naming the field, and changes nothing', async () => {
    const eventsBefore = (await server.store.readStream(memberStreamId(ann.memberId))).length;
    const before = (await ann.get(`/api/users/${ann.memberId}`)).body;

    const blank = await ann.patch(`/api/users/${ann.memberId}`, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('name: Please enter your name');

    const badRate = await ann.patch(`/api/users/${ann.memberId}`, {
      skillsToTeach: [{ name: 'Go', description: 'Gophers', pointsPerHour: 50 }],
    });
    expect(badRate.status).toBe(400);
    expect(badRate.body.error).toMatch(/^skillsToTeach\.0\.pointsPerHour: Points per hour must be a whole number from 1 to 20/);

    const unknownField = await ann.patch(`/api/users/${ann.memberId}`, { points: 1000 });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error).toMatch(/points/);

    const notJson = await fetch(`${server.url}/api/users/${ann.memberId}`, {
      method: 'PATCH',
      headers: { cookie: ann.cookie, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error).toMatch(/JSON/);

    expect((await ann.get(`/api/users/${ann.memberId}`)).body).toEqual(before);
    expect(await server.store.readStream(memberStreamId(ann.memberId))).toHaveLength(eventsBefore);
  });

  it('answers a domain rule violation with 400 and its message', async () => {
    const response = await ann.patch(`/api/users/${ann.memberId}`, { timeZone: 'Mars/Olympus_Mons' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/time zone/i);
  });

  it('lists members and shows one, or 404 User not found', async () => {
    const list = await ann.get('/api/users');
    expect(list.status).toBe(200);
    expect(list.body.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([ann.memberId, bob.memberId]));

    expect((await ann.get(`/api/users/${bob.memberId}`)).body).toMatchObject({ id: bob.memberId, name: 'Bob' }); // points are Bob's own (profile-points.int.test.ts)
    const missing = await ann.get('/api/users/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'User not found' });
    expect((await admin.get('/api/users/00000000-0000-4000-8000-000000000000/balance')).status).toBe(404);
  });

  it("shows a member's e-mail to that member and to admins only", async () => {
    expect((await ann.get(`/api/users/${bob.memberId}`)).body.email).toBeUndefined();
    expect((await ann.get(`/api/users/${ann.memberId}`)).body.email).toBe('ann@example.com');
    expect((await admin.get(`/api/users/${bob.memberId}`)).body.email).toBe('bob@example.com');
    const seenByAnn = (await ann.get('/api/users')).body as { id: string; email?: string }[];
    expect(seenByAnn.filter((u) => u.email !== undefined).map((u) => u.id)).toEqual([ann.memberId]);
    const seenByAdmin = (await admin.get('/api/users')).body as { id: string; email?: string }[];
    expect(seenByAdmin.every((u) => typeof u.email === 'string')).toBe(true);
  });

  it('keeps a balance private to its owner and admins, like the ledger', async () => {
    const response = await ann.get(`/api/users/${bob.memberId}/balance`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'You can only view your own balance' });
    expect((await bob.get(`/api/users/${bob.memberId}/balance`)).body).toEqual({ availablePoints: 3, heldPoints: 0 });
    expect((await admin.get(`/api/users/${bob.memberId}/balance`)).body).toEqual({ availablePoints: 3, heldPoints: 0 });
  });

  it('keeps a ledger private to its owner', async () => {
    const response = await ann.get(`/api/users/${bob.memberId}/transactions`);
    expect(response.status).toBe(403);
    expect((await bob.get(`/api/users/${bob.memberId}/transactions`)).body).toHaveLength(1);
  });

  it('answers 401 User not authenticated to every member route when signed out', async () => {
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/users'],
      ['GET', `/api/users/${ann.memberId}`],
      ['PATCH', `/api/users/${ann.memberId}`],
      ['GET', `/api/users/${ann.memberId}/balance`],
      ['GET', `/api/users/${ann.memberId}/transactions`],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: method === 'PATCH' ? { 'content-type': 'application/json' } : {},
        body: method === 'PATCH' ? JSON.stringify({ name: 'Nobody' }) : undefined,
      });
      expect({ path, method, status: response.status, body: await response.json() }).toEqual({
        path,
        method,
        status: 401,
        body: { error: 'User not authenticated' },
      });
    }
  });

  it('takes identity from the cookie only, never from the body', async () => {
    const response = await ann.patch(`/api/users/${ann.memberId}`, { id: bob.memberId, name: 'Ann B' });
    expect(response.status).toBe(400);
    expect((await bob.get(`/api/users/${bob.memberId}`)).body.name).toBe('Bob');
  });
});
