// The feed read model rebuilt from the event log (npm run rebuild) gives the rows the live projector
// wrote: posts with their counts, comments, likes and the stat counters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedProjector } from '../../projections/feed/projector.js';
import { rebuildProjectors } from '../../projections/rebuild/rebuild-projectors.js';
import { dumpTables } from '../projections/support/table-dump.js';
import { signIn, startTestServer, type TestServer } from '../support/test-server.js';

describe('feed rebuild', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('rebuilds the same rows as the live projector wrote', async () => {
    const [ann, bob] = await Promise.all([signIn(server.url, 'ann-rebuild@example.com', 'Ann'), signIn(server.url, 'bob-rebuild@example.com', 'Bob')]);
    const ids: string[] = [];
    for (const [i, urgency] of (['high', 'low', 'medium'] as const).entries()) {
      const created = await ann.post('/api/feed-posts', { content: `Post ${i} for @Bob`, category: 'design', urgency });
      ids.push(created.body.post.id as string);
    }
    const top = await bob.post('/api/comments', { post_id: ids[0], content: 'Top' });
    const reply = await ann.post('/api/comments', { post_id: ids[0], content: 'Reply', parent_comment_id: top.body.comment.id });
    await bob.put(`/api/posts/${ids[0]}/like`, {});
    await bob.put(`/api/posts/${ids[1]}/like`, {});
    await bob.delete(`/api/posts/${ids[1]}/like`);
    await ann.put(`/api/comments/${reply.body.comment.id}/like`, {});
    await ann.put(`/api/feed-posts/${ids[2]}`, { content: 'Edited', urgency: 'high' });
    await ann.delete(`/api/posts/${ids[1]}`);
    expect((await ann.get('/api/posts')).body.stats).toEqual({ total: 2, high: 2, medium: 0, low: 0 });

    const live = await dumpTables(server.sql.db, [feedProjector]);
    expect(live.feed_posts).toHaveLength(3);
    const [outcome] = await rebuildProjectors({ sql: server.sql, store: server.store, projectors: [feedProjector] });
    expect(outcome?.status).not.toBe('aborted');
    expect(await dumpTables(server.sql.db, [feedProjector])).toEqual(live);
  });
});
