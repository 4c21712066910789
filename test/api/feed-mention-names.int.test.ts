// Mentions of members whatever their names hold (issue 29 item 7): hyphens and apostrophes, emoji,
// diacritics. Written in full after '@' (as a picked suggestion writes them) in a post and a comment,
// each is resolved to its member, notifies them and renders as a link to their profile.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../api/contracts/dashboard.js';
import { postCardSchema, type PostCard } from '../../api/contracts/feed-read.js';
import { normaliseName, textSegments } from '../../api/contracts/feed-text.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const NAMES = ["Jean-Luc O'Brien", 'Carol 🎨 Chen', 'Zoë Łukasz'] as const;

describe('mentions of names with punctuation, emoji and diacritics', () => {
  let server: TestServer;
  let ann: ApiClient;
  let jean: ApiClient; // a member named 'Jean' too: the longer name must win
  let members: ApiClient[];

  const mentionNotices = async (client: ApiClient) =>
    (await client.get<Notification[]>(`/api/users/${client.memberId}/notifications`)).body.filter((n) => n.type === 'mention');
  const linksOf = (card: Pick<PostCard, 'mentions'>, content: string) =>
    textSegments(content, new Map(card.mentions.map((m) => [normaliseName(m.name), m.id])))
      .filter((s) => s.kind === 'mention')
      .map((s) => ({ text: s.text, id: s.memberId }));

  beforeAll(async () => {
    server = await startTestServer();
    [ann, jean, ...members] = await Promise.all([
      signIn(server.url, 'ann-names@example.com', 'Ann Lee'),
      signIn(server.url, 'jean-names@example.com', 'Jean'),
      ...NAMES.map((name, i) => signIn(server.url, `named-${i}@example.com`, name)),
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('resolves, notifies and links each name written in full in a post, whatever its case', async () => {
    const content = `Thanks @Jean-Luc O'Brien, @carol 🎨 chen! And @ZOË ŁUKASZ's idea #Rust`;
    const created = await ann.post('/api/feed-posts', { content, category: 'development', urgency: 'medium' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const card = postCardSchema.parse(created.body.post);
    expect(card.mentions.map((m) => m.id)).toEqual(members.map((m) => m.memberId));
    expect(linksOf(card, content)).toEqual([
      { text: "@Jean-Luc O'Brien", id: members[0]!.memberId },
      { text: '@carol 🎨 chen', id: members[1]!.memberId },
      { text: '@ZOË ŁUKASZ', id: members[2]!.memberId },
    ]);
    for (const member of members)
      await vi.waitFor(async () => expect(await mentionNotices(member)).toMatchObject([{ post_id: card.id, from_user_id: ann.memberId }]), { timeout: 5000 });
    expect(await mentionNotices(jean)).toEqual([]);
  });

  it('resolves and notifies the names in a comment, and reads them back on the feed as links', async () => {
    const created = await ann.post('/api/feed-posts', { content: 'Who knows Rust?', category: 'development', urgency: 'low' });
    const postId = created.body.post.id as string;
    const content = `@Carol 🎨 Chen and @Zoë Łukasz, or @Jean?`;
    const commented = await ann.post('/api/comments', { post_id: postId, content });
    expect(commented.status, JSON.stringify(commented.body)).toBe(201);
    for (const member of [members[1]!, members[2]!, jean])
      await vi.waitFor(async () => expect((await mentionNotices(member)).some((n) => n.post_id === postId)).toBe(true), { timeout: 5000 });
    const comments = await ann.get<{ comments: { content: string; mentions: PostCard['mentions'] }[] }>(`/api/posts/${postId}/comments`);
    const [comment] = comments.body.comments;
    expect(linksOf(comment!, comment!.content).map((l) => l.id)).toEqual([members[1]!.memberId, members[2]!.memberId, jean.memberId]);
  });
});
