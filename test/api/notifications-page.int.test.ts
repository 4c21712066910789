// The notifications page's server side (spec 001 §2.8, issue 21 point 2): likes of one post listed as
// one item ('Ada and 2 others liked your post'), read together; the unread badge and the nav bar's
// dots by type counting items as listed; bad or foreign marks refused with the state unchanged.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../api/contracts/dashboard.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('the notifications page', () => {
  let server: TestServer;
  let ada: ApiClient; // the author
  let likers: ApiClient[];
  let postId: string;

  const list = async (client: ApiClient) => (await client.get<Notification[]>(`/api/users/${client.memberId}/notifications`)).body;
  const counts = async (client: ApiClient) =>
    (await client.get(`/api/users/${client.memberId}/notifications/unread-count`)).body as { count: number; by_type: Record<string, number> };
  const likesOf = async (client: ApiClient) => (await list(client)).filter((n) => n.type === 'post_like');
  const like = async (who: ApiClient) => {
    expect((await who.put(`/api/posts/${postId}/like`)).status).toBe(200);
    server.clock.advance(60_000);
  };

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-12-07T08:00:00.000Z' });
    [ada, ...likers] = await Promise.all([
      signIn(server.url, 'ada@example.com', 'Ada Lovelace'),
      signIn(server.url, 'bob@example.com', 'Bob Builder'),
      signIn(server.url, 'cy@example.com', 'Cy Twombly'),
      signIn(server.url, 'dee@example.com', 'Dee Dee'),
      signIn(server.url, 'eve@example.com', 'Eve Online'),
    ]);
    const created = await ada.post('/api/feed-posts', { content: 'Pairing on Elm today', category: 'development', urgency: 'medium' });
    postId = created.body.post.id as string;
    server.clock.advance(60_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the likes of one post as one item named after the newest liker', async () => {
    const [bob, cy, dee] = likers as [ApiClient, ApiClient, ApiClient];
    await like(bob);
    await vi.waitFor(async () => expect((await likesOf(ada)).map((n) => n.message)).toEqual(['Bob Builder liked your post: "Pairing on Elm today"']));
    await like(cy);
    await like(dee);
    await vi.waitFor(async () => expect(await likesOf(ada)).toHaveLength(1));
    const [item] = await likesOf(ada);
    expect(item).toMatchObject({ message: 'Dee Dee and 2 others liked your post: "Pairing on Elm today"', from_user_id: dee.memberId, post_id: postId, read: false });
    expect(await counts(ada)).toEqual({ count: 1, by_type: { post_like: 1 } });
  });

  it('reads every like of the item when it is opened, and a later like makes it unread again', async () => {
    const [item] = await likesOf(ada);
    expect((await ada.put(`/api/notifications/${item!.id}/read`)).body).toEqual({ ok: true });
    expect(await likesOf(ada)).toMatchObject([{ read: true }]);
    expect(await counts(ada)).toEqual({ count: 0, by_type: {} });
    await like(likers[3]!);
    await vi.waitFor(async () => expect(await likesOf(ada)).toMatchObject([{ message: 'Eve Online and 3 others liked your post: "Pairing on Elm today"', read: false }]));
    expect((await counts(ada)).count).toBe(1);
  });

  it('counts unread items by type for the nav bar, and marks all read up to now', async () => {
    const [bob] = likers as [ApiClient];
    expect((await bob.post('/api/comments', { post_id: postId, content: 'Count me in' })).status).toBe(201);
    await vi.waitFor(async () => expect(await counts(ada)).toEqual({ count: 2, by_type: { post_like: 1, comment: 1 } }));
    expect((await ada.put(`/api/users/${ada.memberId}/notifications/read-all`)).body).toEqual({ ok: true });
    expect(await counts(ada)).toEqual({ count: 0, by_type: {} });
    expect((await list(ada)).every((n) => n.read)).toBe(true);
  });

  it('refuses a bad, foreign or signed-out mark and leaves the badge as it was', async () => {
    const [bob, cy] = likers as [ApiClient, ApiClient];
    server.clock.advance(60_000);
    expect((await cy.post('/api/comments', { post_id: postId, content: 'Me too' })).status).toBe(201);
    await vi.waitFor(async () => expect((await counts(ada)).count).toBe(1));
    const [newest] = await list(ada);
    const refused = [
      { status: 400, response: await ada.put('/api/notifications/bad%00id/read') },
      { status: 404, response: await bob.put(`/api/notifications/${newest!.id}/read`) },
      { status: 403, response: await bob.put(`/api/users/${ada.memberId}/notifications/read-all`) },
      { status: 403, response: await bob.get(`/api/users/${ada.memberId}/notifications/unread-count`) },
    ];
    for (const { status, response } of refused) {
      expect(response.status).toBe(status);
      expect(typeof response.body.error).toBe('string');
    }
    const signedOut = await fetch(`${server.url}/api/notifications/${newest!.id}/read`, { method: 'PUT', headers: { origin: server.url } });
    expect(signedOut.status).toBe(401);
    expect(await counts(ada)).toEqual({ count: 1, by_type: { comment: 1 } });
    expect((await list(ada))[0]).toMatchObject({ id: newest!.id, read: false });
  });
});
