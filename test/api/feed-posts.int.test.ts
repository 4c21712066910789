// The feed's posts over HTTP (spec 001 §2.3-2.5, §7): the spec's payloads, mentions resolved by the
// server, authorship (403), validation (400) with the feed unchanged, soft delete hidden but kept for
// admins, like toggles, filters, sorts and the stat cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_CONTENT_MAX, THE_S_BRAIN_ID, feedTexts } from '../../api/contracts/feed.js';
import { feedPageSchema, postCardSchema, type FeedPage, type PostCard } from '../../api/contracts/feed-read.js';
import type { ErrorGroup } from '../../api/contracts/admin-errors.js';
import { DATABASE_CONNECTION_LOST_WHILE_SAVING } from '../../api/plugins/database-errors.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'adam-feed@example.com';

describe('feed posts API', () => {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  let adam: ApiClient;

  const feed = async (client: ApiClient, query = ''): Promise<FeedPage> => {
    const response = await client.get(`/api/posts${query}`);
    expect(response.status).toBe(200);
    return feedPageSchema.parse(response.body);
  };
  const post = async (client: ApiClient, body: Record<string, unknown>): Promise<PostCard> => {
    const response = await client.post('/api/feed-posts', body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return postCardSchema.parse(response.body.post);
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN } });
    [ann, bob, adam] = await Promise.all([
      signIn(server.url, 'ann-feed@example.com', 'Ann Lee'),
      signIn(server.url, 'bob-feed@example.com', 'Bob Stone'),
      signIn(server.url, ADMIN, 'Adam'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('creates a post with the spec payload and answers the card: author, skill from the first #tag, mentions resolved', async () => {
    const card = await post(ann, {
      user_id: ann.memberId,
      content: 'Need help with #React hooks, @Bob Stone and @Nobody Here any tips?',
      skill_needed: '',
      category: 'development',
      urgency: 'high',
      media_attachments: [],
    });
    expect(card).toMatchObject({
      user_id: ann.memberId,
      author: { id: ann.memberId, name: 'Ann Lee' },
      category: 'development',
      urgency: 'high',
      skill_needed: 'React',
      tags: ['React'],
      mentions: [{ id: bob.memberId, name: 'Bob Stone' }],
      likes_count: 0,
      liked_by_me: false,
      comment_count: 0,
      edited: false,
      deleted: false,
      ai_status: null,
    });
    const bobsView = await bob.get(`/api/posts/${card.id}`);
    expect(bobsView.status).toBe(200);
    expect(bobsView.body.post.content).toBe(card.content);
  });

  it('refuses a post of someone else, signed out, too long, empty or without category, and the feed is unchanged', async () => {
    const before = await feed(ann);
    const refusals: [ApiClient | null, Record<string, unknown>, number, string | RegExp][] = [
      [ann, { user_id: bob.memberId, content: 'As Bob', category: 'design', urgency: 'low' }, 403, /yourself/],
      [ann, { content: 'x'.repeat(POST_CONTENT_MAX + 1), category: 'design', urgency: 'low' }, 400, feedTexts.contentTooLong],
      [ann, { content: '   ', category: 'design', urgency: 'low' }, 400, feedTexts.contentRequired],
      [ann, { content: 'No category', urgency: 'low' }, 400, feedTexts.categoryRequired],
      [ann, { content: 'No urgency', category: 'design' }, 400, feedTexts.urgencyRequired],
    ];
    for (const [client, body, status, error] of refusals) {
      const response = await client!.post('/api/feed-posts', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.body.error).toMatch(error);
    }
    const anonymous = await fetch(`${server.url}/api/feed-posts`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: '{}' });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${server.url}/api/posts`)).status).toBe(401);
    expect(await feed(ann)).toEqual(before);
  });

  it('takes exactly 1000 characters', async () => {
    const card = await post(ann, { content: 'y'.repeat(POST_CONTENT_MAX), category: 'design', urgency: 'low' });
    expect(card.content).toHaveLength(POST_CONTENT_MAX);
  });

  it('refuses more than 10 mentions with 400 and records nothing', async () => {
    const names = Array.from({ length: 11 }, (_, i) => `Mention Person${i}`);
    const people = await Promise.all(names.map((name, i) => signIn(server.url, `mention-${i}@example.com`, name)));
    expect(people).toHaveLength(11);
    const before = await feed(ann);
    const response = await ann.post('/api/feed-posts', { content: names.map((n) => `@${n}`).join(', '), category: 'business', urgency: 'medium' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(feedTexts.tooManyMentions);
    expect((await feed(ann)).stats).toEqual(before.stats);
    const ten = await post(ann, {
      content: names
        .slice(0, 10)
        .map((n) => `@${n}`)
        .join(' and '),
      category: 'business',
      urgency: 'medium',
    });
    expect(ten.mentions.map((m) => m.id)).toEqual(people.slice(0, 10).map((p) => p.memberId));
  });

  it('lets only the author edit; the edit shows as edited, a stranger gets 403 and the post stays', async () => {
    const card = await post(ann, { content: 'Draft about #Figma', category: 'design', urgency: 'low' });
    const denied = await bob.put(`/api/feed-posts/${card.id}`, { content: 'Hijacked', urgency: 'high' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(feedTexts.onlyAuthorEdits);
    const tooLong = await ann.put(`/api/feed-posts/${card.id}`, { content: 'z'.repeat(POST_CONTENT_MAX + 1), urgency: 'high' });
    expect(tooLong.status).toBe(400);
    expect((await ann.get(`/api/posts/${card.id}`)).body.post).toMatchObject({ content: 'Draft about #Figma', edited: false });
    const edited = await ann.put(`/api/feed-posts/${card.id}`, { content: 'Final about #Sketch with @Bob Stone', skill_needed: '', urgency: 'high' });
    expect(edited.status).toBe(200);
    expect(edited.body.post).toMatchObject({ content: 'Final about #Sketch with @Bob Stone', urgency: 'high', category: 'design', skill_needed: 'Sketch', edited: true });
    expect(edited.body.post.mentions).toEqual([{ id: bob.memberId, name: 'Bob Stone' }]);
    expect((await ann.put('/api/feed-posts/unknown-post', { content: 'Hello', urgency: 'low' })).status).toBe(404);
  });

  it('likes and unlikes by the spec toggle and by the like route; counts and liked_by_me follow', async () => {
    const card = await post(ann, { content: 'Like me', category: 'marketing', urgency: 'low' });
    const liked = await bob.put(`/api/feed-posts/${card.id}`, { likes: [bob.memberId] });
    expect(liked.status).toBe(200);
    expect(liked.body.post).toMatchObject({ likes_count: 1, liked_by_me: true });
    expect((await bob.put(`/api/posts/${card.id}/like`, {})).body).toEqual({ liked: true, likes_count: 1 });
    expect((await ann.put(`/api/posts/${card.id}/like`, {})).body).toEqual({ liked: true, likes_count: 2 });
    expect((await bob.put(`/api/feed-posts/${card.id}`, { likes: [] })).body.post).toMatchObject({ likes_count: 1, liked_by_me: false });
    expect((await ann.delete(`/api/posts/${card.id}/like`)).body).toEqual({ liked: false, likes_count: 0 });
    expect((await ann.put('/api/posts/unknown-post/like', {})).status).toBe(404);
  });

  it('soft-deletes for the author only: hidden from the feed and its reads, still shown to an admin', async () => {
    const card = await post(ann, { content: 'Soon gone', category: 'business', urgency: 'high' });
    const before = await feed(bob);
    expect(before.posts.map((p) => p.id)).toContain(card.id);
    const denied = await bob.delete(`/api/posts/${card.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(feedTexts.onlyAuthorDeletes);
    const deleted = await ann.delete(`/api/posts/${card.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true, id: card.id });
    const after = await feed(bob);
    expect(after.posts.map((p) => p.id)).not.toContain(card.id);
    expect(after.stats.total).toBe(before.stats.total - 1);
    expect(after.stats.high).toBe(before.stats.high - 1);
    expect((await bob.get(`/api/posts/${card.id}`)).status).toBe(404);
    expect((await bob.get(`/api/posts/${card.id}/comments`)).status).toBe(404);
    const forAdmin = await adam.get(`/api/posts/${card.id}`);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.body.post).toMatchObject({ id: card.id, deleted: true });
    expect((await feed(adam)).posts.find((p) => p.id === card.id)?.deleted).toBe(true);
    expect((await bob.post('/api/comments', { post_id: card.id, content: 'Too late' })).status).toBeGreaterThanOrEqual(400);
  });

  it('filters by urgency and category, pages by cursor without repeats, sorts by popularity, and counts the stat cards', async () => {
    const carl = await signIn(server.url, 'carl-feed@example.com', 'Carl');
    const made: PostCard[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(await post(carl, { content: `Paging post ${i}`, category: i % 2 ? 'marketing' : 'business', urgency: (['high', 'medium', 'low'] as const)[i % 3] }));
    }
    // Popularity: likes plus comments.
    await bob.put(`/api/posts/${made[1]!.id}/like`, {});
    await ann.put(`/api/posts/${made[1]!.id}/like`, {});
    await bob.post('/api/comments', { post_id: made[4]!.id, content: 'A comment' });
    await bob.post('/api/comments', { post_id: made[4]!.id, content: 'Another' });
    await bob.post('/api/comments', { post_id: made[4]!.id, content: 'Third' });

    const all = await feed(ann, '?limit=50');
    expect(all.stats.total).toBe(all.posts.length);
    expect(all.stats.total).toBe(all.stats.high + all.stats.medium + all.stats.low);
    expect(all.stats.high).toBe(all.posts.filter((p) => p.urgency === 'high').length);
    const recentIds = all.posts.map((p) => p.id);
    expect(recentIds.slice(0, 7)).toEqual(made.map((p) => p.id).reverse());

    const pages: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: FeedPage = await feed(ann, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.posts.length).toBeLessThanOrEqual(3);
      pages.push(...page.posts.map((p) => p.id));
      cursor = page.next_cursor;
    }
    expect(pages).toEqual(recentIds);

    const high = await feed(ann, '?urgency=high&limit=50');
    expect(high.posts.every((p) => p.urgency === 'high')).toBe(true);
    expect(high.posts).toHaveLength(all.stats.high);
    const marketing = await feed(ann, '?category=marketing&limit=50');
    expect(marketing.posts.every((p) => p.category === 'marketing')).toBe(true);
    expect(marketing.stats.total).toBe(marketing.posts.length);
    const both = await feed(ann, '?category=business&urgency=low&limit=50');
    expect(both.posts.every((p) => p.category === 'business' && p.urgency === 'low')).toBe(true);

    const popular = await feed(ann, '?sort=popular&limit=2');
    expect(popular.posts.map((p) => p.id)).toEqual([made[4]!.id, made[1]!.id]);
    const popularNext = await feed(ann, `?sort=popular&limit=50&cursor=${popular.next_cursor}`);
    expect(popularNext.posts.map((p) => p.id)).not.toContain(made[4]!.id);
    expect(popularNext.posts).toHaveLength(all.posts.length - 2);

    expect((await ann.get('/api/posts?cursor=not-a-cursor')).status).toBe(400);
    expect((await ann.get('/api/posts?urgency=urgent')).status).toBe(400);
  });

  it("answers a new post or comment the feed has not caught up with 503 'may or may not have been saved', never 'not found', and shows it once the feed catches up", async () => {
    const onto = await post(bob, { content: 'A post to comment on while the feed stands still', category: 'development', urgency: 'low' });
    await server.operations.followers.pause('feed');
    await expect.poll(async () => (await server.runtime.status()).find((f) => f.name === 'feed')?.status).toBe('paused');
    try {
      const content = 'Written while the feed stands still';
      const answer = await ann.post('/api/feed-posts', { user_id: ann.memberId, content, skill_needed: '', category: 'development', urgency: 'low' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body.error).toBe(DATABASE_CONNECTION_LOST_WHILE_SAVING);
      const comment = await ann.post('/api/comments', { user_id: ann.memberId, post_id: onto.id, content: 'A comment the feed has not seen yet' });
      expect(comment.status, JSON.stringify(comment.body)).toBe(503);
      expect(comment.body.error).toBe(DATABASE_CONNECTION_LOST_WHILE_SAVING);
      await server.operations.followers.resume('feed');
      await expect.poll(async () => (await feed(ann)).posts.some((p) => p.content === content)).toBe(true);
      await expect
        .poll(async () => (await ann.get(`/api/posts/${onto.id}/comments`)).body.comments?.map((c: { content: string }) => c.content))
        .toContain('A comment the feed has not seen yet');
      // Both 503s are in the error monitor (a group per route), as critical database errors like those of a
      // connection lost mid-request.
      await expect
        .poll(async () =>
          (await adam.get<ErrorGroup[]>('/api/admin/errors')).body.filter((g) => g.errorType === 'ReadModelBehindError').map((g) => `${g.severity} ${g.count}`),
        )
        .toEqual(['critical 1', 'critical 1']);
    } finally {
      await server.operations.followers.resume('feed');
    }
  });

  it('resolves a mention of The S brain to its id', async () => {
    const card = await post(bob, { content: 'Hey @The S brain what is a hook?', category: 'development', urgency: 'medium' });
    expect(card.mentions).toEqual([{ id: THE_S_BRAIN_ID, name: 'The S brain' }]);
  });
});
