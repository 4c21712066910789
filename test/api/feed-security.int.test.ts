// Security review of the community feed (issue 20): junk the routes must refuse with a 400 rather
// than a 500, and limits a member cannot get around.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_UPLOADS_PER_HOUR, mediaTexts } from '../../api/contracts/media.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('feed security', () => {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'skillswap-feed-security-'));
    server = await startTestServer({ env: { MEDIA_DIR: mediaDir } });
    [ann, bob] = await Promise.all([signIn(server.url, 'ann-sec@example.com', 'Ann Sec'), signIn(server.url, 'bob-sec@example.com', 'Bob Sec')]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('refuses a member more than MEDIA_UPLOADS_PER_HOUR uploads an hour (each may leave 10 MB on the disk), others unaffected', async () => {
    const ask = (client: ApiClient) => client.post('/api/media/upload', { visibility: 'public', contentType: 'video/mp4', size: 10 * 1024 * 1024 });
    for (let i = 0; i < MEDIA_UPLOADS_PER_HOUR; i++) expect((await ask(ann)).status).toBe(201);
    const refused = await ask(ann);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: mediaTexts.tooManyUploads });
    expect((await ask(bob)).status).toBe(201);
  });

  it('answers 400, not 500, to a feed cursor whose popularity or time the database cannot hold', async () => {
    for (const [sort, cursor] of [
      ['popular', cursorOf([1e300, '2026-01-01T00:00:00.000Z', 'x'])],
      ['recent', cursorOf([0, '-271821-04-20T00:00:00.000Z', 'x'])],
      ['recent', cursorOf([0, '+275760-09-13T00:00:00.000Z', 'x'])],
      ['popular', cursorOf([2 ** 53, '2026-01-01T00:00:00.000Z', 'x'])],
    ] as const) {
      const response = await ann.get(`/api/posts?sort=${sort}&cursor=${cursor}`);
      expect(response.status, `${sort} ${cursor}`).toBe(400);
      expect(response.body.error).toEqual(expect.any(String));
    }
  });

  it('refuses every write on a deleted post or a post that never was with a readable 404', async () => {
    const made = await ann.post('/api/feed-posts', { content: 'Soon deleted', category: 'business', urgency: 'low' });
    expect(made.status).toBe(201);
    const postId = made.body.post.id as string;
    const comment = await bob.post('/api/comments', { post_id: postId, content: 'A comment before' });
    expect(comment.status).toBe(201);
    const commentId = comment.body.comment.id as string;
    expect((await ann.delete(`/api/posts/${postId}`)).status).toBe(200);

    const writes = [
      () => bob.put(`/api/posts/${postId}/like`, {}),
      () => bob.delete(`/api/posts/${postId}/like`),
      () => bob.put(`/api/feed-posts/${postId}`, { likes: [bob.memberId] }),
      () => ann.put(`/api/feed-posts/${postId}`, { content: 'Edited after', urgency: 'low' }),
      () => ann.delete(`/api/posts/${postId}`),
      () => bob.post('/api/comments', { post_id: postId, content: 'Too late' }),
      () => bob.post('/api/comments', { post_id: postId, content: 'Reply too late', parent_comment_id: commentId }),
      () => ann.put(`/api/comments/${commentId}/like`, {}),
      () => bob.post('/api/comments', { post_id: 'no-such-post', content: 'Nowhere' }),
      () => bob.put('/api/posts/no-such-post/like', {}),
      () => bob.put('/api/comments/no-such-comment/like', {}),
    ];
    for (const write of writes) {
      const response = await write();
      expect(response.status, JSON.stringify(response.body)).toBe(404);
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect((await bob.get(`/api/posts/${postId}/comments`)).status).toBe(404);
  });
});
