// The feed live over a real websocket (spec 002; issue 20 point 8): a new post reaches every signed-in
// socket as 'new_posts', a comment reaches the sockets subscribed to its post as 'new_comment'
// (comment, isAI) and no other, a like reaches them as the post's 'changed'. Notices travel from the
// feed projector through PostgreSQL NOTIFY, as in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveCommentSchema } from '../../api/contracts/feed-read.js';
import { connectSocket, heardAfter, subscribePost, unsubscribePost, type LiveSocket } from '../support/live-socket.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const connect = connectSocket;

// A new post reaches every signed-in socket after whatever the feed announced before it: the
// acknowledgement the checks that something did not arrive wait for.
const isNewPost = (m: any) => m.type === 'new_posts';

describe('feed live updates', () => {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  let cat: ApiClient;
  const sockets: WebSocket[] = [];
  const caughtUp = (...of: LiveSocket[]) => heardAfter(of, isNewPost, () => ann.post('/api/feed-posts', { content: 'Marker post', category: 'design', urgency: 'low' }));

  beforeAll(async () => {
    server = await startTestServer();
    [ann, bob, cat] = await Promise.all([
      signIn(server.url, 'ann-live@example.com', 'Ann'),
      signIn(server.url, 'bob-live@example.com', 'Bob'),
      signIn(server.url, 'cat-live@example.com', 'Cat'),
    ]);
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await server?.close();
  });

  // The first page is shared by the members (projections/feed/first-page.ts); the notice that tells a socket
  // to refetch must have dropped it already, and a member's own write shows at their next read.
  it('shows a page read just before a change with that change once its socket hears of it', async () => {
    const catSocket = await connect(server.url, cat);
    sockets.push(catSocket.ws);
    const pageOf = async (client: ApiClient) => (await client.get('/api/posts')).body as { posts: { id: string; likes_count: number; liked_by_me: boolean }[] };
    await pageOf(cat);
    await pageOf(cat);
    const created = await ann.post('/api/feed-posts', { content: 'Cached page post', category: 'design', urgency: 'low' });
    const postId = created.body.post.id as string;
    await catSocket.next((m) => m.type === 'new_posts' && m.postId === postId);
    expect((await pageOf(cat)).posts[0]).toMatchObject({ id: postId, likes_count: 0, liked_by_me: false });

    await cat.put(`/api/posts/${postId}/like`, {});
    expect((await pageOf(cat)).posts[0]).toMatchObject({ id: postId, likes_count: 1, liked_by_me: true });
    await subscribePost(catSocket, postId);
    await pageOf(bob);
    await ann.put(`/api/posts/${postId}/like`, {});
    await catSocket.next((m) => m.type === 'changed' && m.scope === 'post' && m.id === postId);
    expect((await pageOf(bob)).posts[0]).toMatchObject({ id: postId, likes_count: 2, liked_by_me: false });
  });

  it('announces a new post to every socket, a comment to the post’s subscribers only, a like as the post’s change', async () => {
    const bobSocket = await connect(server.url, bob);
    const catSocket = await connect(server.url, cat);
    sockets.push(bobSocket.ws, catSocket.ws);

    const created = await ann.post('/api/feed-posts', { content: 'Live post', category: 'design', urgency: 'high' });
    const postId = created.body.post.id as string;
    expect(await bobSocket.next((m) => m.type === 'new_posts')).toEqual({ type: 'new_posts', postId, authorId: ann.memberId });
    expect(await catSocket.next((m) => m.type === 'new_posts')).toEqual({ type: 'new_posts', postId, authorId: ann.memberId });

    await subscribePost(bobSocket, postId);
    const written = await ann.post('/api/comments', { post_id: postId, content: 'First comment' });
    const message = await bobSocket.next((m) => m.type === 'new_comment');
    expect(message).toMatchObject({ type: 'new_comment', postId, isAI: false });
    expect(liveCommentSchema.parse(message.comment)).toMatchObject({
      id: written.body.comment.id,
      post_id: postId,
      user_id: ann.memberId,
      content: 'First comment',
      depth: 0,
    });

    // The new comment is the post's one message: its subscribers refresh the post on it.
    await caughtUp(bobSocket);
    expect(bobSocket.messages.filter((m) => m.type === 'changed' && m.scope === 'post')).toEqual([]);

    await cat.put(`/api/posts/${postId}/like`, {});
    expect(await bobSocket.next((m) => m.type === 'changed' && m.scope === 'post')).toEqual({ type: 'changed', scope: 'post', id: postId, postId });
    await caughtUp(catSocket);
    expect(catSocket.messages.filter((m) => m.type === 'new_comment' || (m.type === 'changed' && m.scope === 'post'))).toEqual([]);

    // Unsubscribed: nothing more about the post.
    await unsubscribePost(bobSocket, postId);
    await ann.post('/api/comments', { post_id: postId, content: 'Second comment' });
    await caughtUp(bobSocket);
    expect(bobSocket.messages.filter((m) => m.type === 'new_comment')).toHaveLength(1);
  });

  it('delivers a comment to exactly the subscribed sockets among many, and forgets sockets that closed', async () => {
    const created = await ann.post('/api/feed-posts', { content: 'Crowded post', category: 'business', urgency: 'low' });
    const postId = created.body.post.id as string;
    const crowd = await Promise.all(Array.from({ length: 40 }, () => connect(server.url, bob)));
    sockets.push(...crowd.map((s) => s.ws));
    const subscribed = crowd.slice(0, 20);
    await Promise.all(subscribed.map((socket) => subscribePost(socket, postId)));
    const first = await ann.post('/api/comments', { post_id: postId, content: 'To the crowd' });
    await Promise.all(subscribed.map((s) => s.next((m) => m.type === 'new_comment' && m.comment.id === first.body.comment.id)));
    await caughtUp(...crowd);
    const receivers = (id: string) => crowd.filter((s) => s.messages.some((m) => m.type === 'new_comment' && m.comment.id === id)).length;
    expect(receivers(first.body.comment.id)).toBe(20);

    const leaving = subscribed.slice(0, 5);
    await Promise.all(leaving.map((s) => new Promise((resolve) => (s.ws.once('close', resolve), s.ws.close()))));
    const second = await ann.post('/api/comments', { post_id: postId, content: 'Fewer now' });
    const staying = crowd.filter((s) => !leaving.includes(s));
    await Promise.all(subscribed.slice(5).map((s) => s.next((m) => m.type === 'new_comment' && m.comment.id === second.body.comment.id)));
    await caughtUp(...staying);
    expect(receivers(second.body.comment.id)).toBe(15);
  });
});
