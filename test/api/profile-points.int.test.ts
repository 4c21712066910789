// Issue 19 point 4, continued (decision in docs/decisions.md): a member's points are a balance, theirs and
// the admins' alone. GET /api/users and /api/users/{id} leave `points` and `heldPoints` out for anyone
// else, as /api/users/{id}/balance answers them 403; the member and admins still see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe("a member's points on their profile", () => {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  let ada: ApiClient; // admin

  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: 'ada@example.com' } });
    ann = await signIn(server.url, 'ann@example.com', 'Ann');
    bob = await signIn(server.url, 'bob@example.com', 'Bob');
    ada = await signIn(server.url, 'ada@example.com', 'Ada');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('are not shown to another member, on the profile or in the list', async () => {
    const profile = await bob.get(`/api/users/${ann.memberId}`);
    expect(profile.status).toBe(200);
    expect(profile.body.name).toBe('Ann');
    expect(profile.body).not.toHaveProperty('points');
    expect(profile.body).not.toHaveProperty('heldPoints');
    const listed = (await bob.get('/api/users')).body.find((u: { id: string }) => u.id === ann.memberId);
    expect(listed).not.toHaveProperty('points');
    expect(listed).not.toHaveProperty('heldPoints');
  });

  it('are shown to the member and to admins', async () => {
    expect((await ann.get(`/api/users/${ann.memberId}`)).body).toMatchObject({ points: 3, heldPoints: 0 });
    expect((await ann.get('/api/user')).body).toMatchObject({ points: 3, heldPoints: 0 });
    expect((await ada.get(`/api/users/${ann.memberId}`)).body).toMatchObject({ points: 3, heldPoints: 0 });
    const listedForAdmin = (await ada.get('/api/users')).body.find((u: { id: string }) => u.id === ann.memberId);
    expect(listedForAdmin).toMatchObject({ points: 3, heldPoints: 0 });
  });
});
