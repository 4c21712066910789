// Comments and replies over HTTP (spec 001 §2.6, §7): the spec's payload, replies nested to depth 3
// and no deeper, 1000 characters, offers with the default text, comment likes, paging 3 then 5 more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_CONTENT_MAX, COMMENTS_LOAD_MORE, COMMENTS_SHOWN_FIRST, DEFAULT_OFFER_TEXT, feedTexts } from '../../api/contracts/feed.js';
import { commentsPageSchema, commentViewSchema, type CommentsPage, type CommentView } from '../../api/contracts/feed-read.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('feed comments API', () => {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  let postId: string;

  const comment = async (client: ApiClient, body: Record<string, unknown>): Promise<CommentView> => {
    const response = await client.post('/api/comments', { post_id: postId, ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return commentViewSchema.parse(response.body.comment);
  };
  const page = async (client: ApiClient, id: string, query = ''): Promise<CommentsPage> => {
    const response = await client.get(`/api/posts/${id}/comments${query}`);
    expect(response.status).toBe(200);
    return commentsPageSchema.parse(response.body);
  };

  beforeAll(async () => {
    server = await startTestServer();
    [ann, bob] = await Promise.all([signIn(server.url, 'ann-comments@example.com', 'Ann Lee'), signIn(server.url, 'bob-comments@example.com', 'Bob Stone')]);
    const created = await ann.post('/api/feed-posts', { content: 'Who knows #SQL?', category: 'development', urgency: 'medium' });
    postId = created.body.post.id as string;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('adds a comment with the spec payload, mentions resolved and a non-member left as text', async () => {
    const made = await comment(bob, {
      user_id: bob.memberId,
      content: 'Ask @Ann Lee or @Zed Nobody about #Postgres',
      is_offer: 0,
      skill_offered: null,
      parent_comment_id: null,
    });
    expect(made).toMatchObject({
      post_id: postId,
      user_id: bob.memberId,
      author: { id: bob.memberId, name: 'Bob Stone' },
      parent_comment_id: null,
      depth: 0,
      is_offer: false,
      is_ai_generated: false,
      tags: ['Postgres'],
      mentions: [{ id: ann.memberId, name: 'Ann Lee' }],
      likes_count: 0,
      liked_by_me: false,
      replies: [],
    });
    expect((await ann.get(`/api/posts/${postId}`)).body.post.comment_count).toBe(1);
  });

  it('nests replies to depth 3 and refuses a fourth level with the thread unchanged', async () => {
    const top = await comment(ann, { content: 'Level 0' });
    const one = await comment(bob, { content: 'Level 1', parent_comment_id: top.id });
    const two = await comment(ann, { content: 'Level 2', parent_comment_id: one.id });
    const three = await comment(bob, { content: 'Level 3', parent_comment_id: two.id });
    expect(three.depth).toBe(3);
    const before = await page(ann, postId, '?limit=50');
    const tooDeep = await ann.post('/api/comments', { post_id: postId, content: 'Level 4', parent_comment_id: three.id });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error).toBe(feedTexts.replyTooDeep);
    const after = await page(ann, postId, '?limit=50');
    expect(after).toEqual(before);
    const thread = after.comments.find((c) => c.id === top.id)!;
    expect(thread.replies[0]!.id).toBe(one.id);
    expect(thread.replies[0]!.replies[0]!.id).toBe(two.id);
    expect(thread.replies[0]!.replies[0]!.replies[0]).toMatchObject({ id: three.id, depth: 3, content: 'Level 3' });
    expect((await ann.post('/api/comments', { post_id: postId, content: 'Orphan', parent_comment_id: 'no-such-comment' })).status).toBe(404);
  });

  it('refuses an empty comment, 1001 characters, another member as author, a signed-out caller and an unknown post', async () => {
    const before = await page(ann, postId, '?limit=50');
    const cases: [Record<string, unknown>, number][] = [
      [{ post_id: postId, content: '   ' }, 400],
      [{ post_id: postId, content: 'c'.repeat(COMMENT_CONTENT_MAX + 1) }, 400],
      [{ post_id: postId, content: 'As Ann', user_id: ann.memberId }, 403],
      [{ post_id: 'no-such-post', content: 'Hello' }, 404],
    ];
    for (const [body, status] of cases) expect((await bob.post('/api/comments', body)).status, JSON.stringify(body).slice(0, 60)).toBe(status);
    const anonymous = await fetch(`${server.url}/api/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ post_id: postId, content: 'Hi' }),
    });
    expect(anonymous.status).toBe(401);
    expect(await page(ann, postId, '?limit=50')).toEqual(before);
    const longest = await comment(bob, { content: 'c'.repeat(COMMENT_CONTENT_MAX) });
    expect(longest.content).toHaveLength(COMMENT_CONTENT_MAX);
  });

  it('posts an offer of help with the default text', async () => {
    const offer = await comment(bob, { content: '', is_offer: 1, skill_offered: 'SQL' });
    expect(offer).toMatchObject({ content: DEFAULT_OFFER_TEXT, is_offer: true, skill_offered: 'SQL' });
  });

  it('likes and unlikes a comment; an unknown comment is 404', async () => {
    const made = await comment(ann, { content: 'Like this comment' });
    expect((await bob.put(`/api/comments/${made.id}/like`, {})).body).toEqual({ liked: true, likes_count: 1 });
    expect((await ann.put(`/api/comments/${made.id}/like`, {})).body).toEqual({ liked: true, likes_count: 2 });
    expect((await bob.delete(`/api/comments/${made.id}/like`)).body).toEqual({ liked: false, likes_count: 1 });
    const seen = (await page(ann, postId, '?limit=50')).comments.find((c) => c.id === made.id)!;
    expect(seen).toMatchObject({ likes_count: 1, liked_by_me: true });
    expect((await bob.put('/api/comments/no-such-comment/like', {})).status).toBe(404);
  });

  it('pages top-level comments 3 first then 5 more, oldest first, each with its replies', async () => {
    const created = await ann.post('/api/feed-posts', { content: 'Paged comments', category: 'design', urgency: 'low' });
    const id = created.body.post.id as string;
    const tops: string[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await bob.post('/api/comments', { post_id: id, content: `Comment ${i}` });
      tops.push(response.body.comment.id as string);
    }
    await ann.post('/api/comments', { post_id: id, content: 'Reply to 1', parent_comment_id: tops[1] });
    const first = await page(bob, id);
    expect(first.comments.map((c) => c.id)).toEqual(tops.slice(0, COMMENTS_SHOWN_FIRST));
    expect(first.comments[1]!.replies.map((r) => r.content)).toEqual(['Reply to 1']);
    expect(first).toMatchObject({ total: 11, remaining: 7 });
    const second = await page(bob, id, `?limit=${COMMENTS_LOAD_MORE}&cursor=${first.next_cursor}`);
    expect(second.comments.map((c) => c.id)).toEqual(tops.slice(3, 8));
    expect(second.remaining).toBe(2);
    const third = await page(bob, id, `?limit=${COMMENTS_LOAD_MORE}&cursor=${second.next_cursor}`);
    expect(third.comments.map((c) => c.id)).toEqual(tops.slice(8));
    expect(third).toMatchObject({ next_cursor: null, remaining: 0 });
    expect((await bob.get(`/api/posts/${id}/comments?cursor=garbage`)).status).toBe(400);
    expect((await bob.get('/api/posts/no-such-post/comments')).status).toBe(404);
  });
});
