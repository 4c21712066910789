// Notifications of the feed (spec 001 §2.8, §3, §7, §9; issue 20 point 4): the server makes them from
// post events, for the members concerned who did not act, with the spec's types, a title and a
// 50-character preview, and what the client needs to link (post, comment, sender). No route lets a
// member make one. Also the onboarding steps the feed ticks (shared_post, asked_ai). Posts and
// comments are written through the feed's commands (the feed's routes are another change's).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addComment } from '../../commands/feed/comments.js';
import { completeAiReply } from '../../commands/feed/assistant.js';
import { createPost, editPost, likePost, unlikePost } from '../../commands/feed/posts.js';
import type { Notification } from '../../api/contracts/dashboard.js';
import { THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const LONG = 'Could someone explain React hooks to me? I keep getting stale closures in my effects and cannot see why.';
const LONG_PREVIEW = `"${LONG.slice(0, 50)}..."`;

describe('feed notifications', () => {
  let server: TestServer;
  let ada: ApiClient; // writes posts
  let bob: ApiClient;
  let cy: ApiClient;

  const now = () => server.clock().toISOString();
  const settled = async (result: { checkpoint: Checkpoint | null }) => {
    if (result.checkpoint) await server.runtime.waitFor(result.checkpoint, 10_000);
    server.clock.advance(1000);
  };
  const list = async (client: ApiClient) => (await client.get<Notification[]>(`/api/users/${client.memberId}/notifications`)).body;
  const newest = async (client: ApiClient) => (await list(client))[0];
  const count = async () =>
    Number(
      (
        await server.sql.db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = async (author: ApiClient, content: string, extra: { mentions?: string[]; assistantAvailable?: boolean } = {}) => {
    const result = await createPost(server.commands, { actorId: author.memberId, content, category: 'development', urgency: 'high', now: now(), ...extra });
    await settled(result);
    return result;
  };
  const comment = async (author: ApiClient, postId: string, content: string, extra: { parentCommentId?: string; mentions?: string[]; isOffer?: boolean } = {}) => {
    const result = await addComment(server.commands, { actorId: author.memberId, postId, content, now: now(), ...extra });
    await settled(result);
    return result;
  };

  beforeAll(async () => {
    server = await startTestServer({ now: '2026-12-07T08:00:00.000Z' });
    [ada, bob, cy] = await Promise.all([
      signIn(server.url, 'ada@example.com', 'Ada Lovelace'),
      signIn(server.url, 'bob@example.com', 'Bob Builder'),
      signIn(server.url, 'cy@example.com', 'Cy Twombly'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("tells a post's author of a comment, with the comment's first 50 characters and the ids to link to", async () => {
    const { postId } = await post(ada, 'Need help with hooks');
    const { commentId } = await comment(bob, postId, LONG);
    expect(await newest(ada)).toEqual({
      id: expect.any(String),
      user_id: ada.memberId,
      type: 'comment',
      event_type: 'NEW_COMMENT',
      title: 'New Comment',
      message: `Bob Builder commented on your post: ${LONG_PREVIEW}`,
      session_id: null,
      from_user_id: bob.memberId,
      from_user_name: 'Bob Builder',
      comment_id: commentId,
      post_id: postId,
      read: false,
      created_at: expect.any(String),
    });
    expect(await list(bob)).toEqual([]);
  });

  it("tells a comment's author of a reply and the post's author of the comment, but nobody of their own words", async () => {
    const { postId } = await post(ada, 'Rust or Go?');
    const { commentId: bobs } = await comment(bob, postId, 'Rust');
    const before = await count();
    const { commentId: reply } = await comment(cy, postId, 'Go, surely', { parentCommentId: bobs });
    expect(await newest(bob)).toMatchObject({
      type: 'comment',
      event_type: 'COMMENT_REPLY',
      title: 'New Reply',
      message: 'Cy Twombly replied to your comment: "Go, surely"',
      comment_id: reply,
      post_id: postId,
    });
    expect(await newest(ada)).toMatchObject({ type: 'comment', title: 'New Comment', message: 'Cy Twombly commented on your post: "Go, surely"', comment_id: reply });
    expect(await count()).toBe(before + 2);
    // Ada answering on her own post tells Cy (whose comment she answers), not Ada.
    const beforeOwn = await count();
    await comment(ada, postId, 'Thanks both', { parentCommentId: reply });
    expect(await count()).toBe(beforeOwn + 1);
    expect(await newest(cy)).toMatchObject({ title: 'New Reply', from_user_id: ada.memberId });
    // An offer of help reads as one.
    await comment(bob, postId, '', { isOffer: true });
    expect((await newest(ada))?.message).toBe(`Bob Builder offered help on your post: "I can help u here! Let's SWAP in a call"`);
  });

  it('tells a mentioned member, in a post, in an edit only when newly mentioned, and in a comment', async () => {
    const { postId } = await post(ada, `Hey @Bob Builder, ${LONG}`, { mentions: [bob.memberId] });
    expect(await newest(bob)).toMatchObject({
      type: 'mention',
      event_type: 'MENTION',
      title: 'New Mention',
      message: `Ada Lovelace mentioned you in a post: "${`Hey @Bob Builder, ${LONG}`.slice(0, 50)}..."`,
      post_id: postId,
      comment_id: null,
      from_user_id: ada.memberId,
    });
    const bobsBefore = (await list(bob)).length;
    await settled(
      await editPost(server.commands, {
        actorId: ada.memberId,
        postId,
        content: 'Hey @Bob Builder and @Cy Twombly',
        urgency: 'low',
        mentions: [bob.memberId, cy.memberId],
        now: now(),
      }),
    );
    expect(await list(bob)).toHaveLength(bobsBefore);
    expect(await newest(cy)).toMatchObject({
      type: 'mention',
      message: 'Ada Lovelace mentioned you in an edited post: "Hey @Bob Builder and @Cy Twombly"',
      post_id: postId,
    });
    const { commentId } = await comment(bob, postId, 'Cy, @Cy Twombly knows this', { mentions: [cy.memberId] });
    expect(await newest(cy)).toMatchObject({ type: 'mention', message: 'Bob Builder mentioned you in a comment: "Cy, @Cy Twombly knows this"', comment_id: commentId });
  });

  it('tells a member once of a reply that also mentions them', async () => {
    const { postId } = await post(ada, 'One notification each');
    const { commentId } = await comment(bob, postId, 'First');
    const before = (await list(bob)).length;
    await comment(cy, postId, '@Bob Builder agreed', { parentCommentId: commentId, mentions: [bob.memberId] });
    const after = await list(bob);
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ title: 'New Reply' });
  });

  it("tells a post's author of a like once per member, whatever the presses, and never of their own", async () => {
    const { postId } = await post(ada, LONG);
    const before = await count();
    const like = (who: ApiClient) => likePost(server.commands, { actorId: who.memberId, postId, now: now() });
    await settled(await like(bob));
    expect(await newest(ada)).toMatchObject({
      type: 'post_like',
      event_type: 'POST_LIKED',
      title: 'New Like',
      message: `Bob Builder liked your post: ${LONG_PREVIEW}`,
      post_id: postId,
      comment_id: null,
    });
    await settled(await unlikePost(server.commands, { actorId: bob.memberId, postId, now: now() }));
    await settled(await like(bob));
    await settled(await like(ada));
    expect(await count()).toBe(before + 1);
  });

  it('notifies nobody of a mention of a non-member, nor The S brain of anything', async () => {
    const before = await count();
    const { postId } = await post(ada, 'Hey @Nobody Here and @The S brain', { mentions: [randomUUID(), THE_S_BRAIN_ID] });
    await comment(bob, postId, 'And @The S brain again', { mentions: [THE_S_BRAIN_ID] });
    // Bob's comment tells Ada; nothing else is made.
    expect(await count()).toBe(before + 1);
    const toBrain = await server.sql.db.selectFrom('notifications').select('id').where('recipient_id', '=', THE_S_BRAIN_ID).execute();
    expect(toBrain).toEqual([]);
  });

  it("signs The S brain's answers with its name", async () => {
    const { postId, aiRequestId } = await post(ada, 'What is a monad, @The S brain?', { mentions: [THE_S_BRAIN_ID], assistantAvailable: true });
    expect(aiRequestId).not.toBeNull();
    await settled(
      await completeAiReply(server.commands, { postId, requestId: aiRequestId!, content: 'A monoid in the category of endofunctors.', invocation: null, now: now() }),
    );
    expect(await newest(ada)).toMatchObject({
      type: 'comment',
      from_user_id: THE_S_BRAIN_ID,
      from_user_name: 'The S brain',
      message: 'The S brain commented on your post: "A monoid in the category of endofunctors."',
    });
  });

  it("works through the feed's own calls: a post mentioning and tagging, a comment, a like", async () => {
    const created = await ada.post('/api/feed-posts', { content: 'Pairing on #Elm today, @Cy Twombly?', category: 'development', urgency: 'medium' });
    expect(created.status).toBe(201);
    const postId = created.body.post.id as string;
    await vi.waitFor(async () => expect(await newest(cy)).toMatchObject({ type: 'mention', post_id: postId, from_user_id: ada.memberId }), { timeout: 5000 });
    const commented = await bob.post('/api/comments', { post_id: postId, content: 'Count me in' });
    expect(commented.status).toBe(201);
    expect(await newest(ada)).toMatchObject({
      type: 'comment',
      post_id: postId,
      comment_id: commented.body.comment.id,
      message: 'Bob Builder commented on your post: "Count me in"',
    });
    expect((await cy.put(`/api/posts/${postId}/like`)).status).toBe(200);
    expect(await newest(ada)).toMatchObject({ type: 'post_like', post_id: postId, message: 'Cy Twombly liked your post: "Pairing on #Elm today, @Cy Twombly?"' });
    // The tag reached the catalogue, through the reactor.
    await vi.waitFor(async () => expect((await bob.get('/api/skills/search?q=elm')).body).toMatchObject([{ name: 'Elm', category: 'Development' }]), { timeout: 5000 });
  });

  it('lets no member create a notification, for anyone', async () => {
    const before = await count();
    const forged = { user_id: ada.memberId, type: 'mention', title: 'Forged', message: 'Click me', from_user_id: bob.memberId, comment_id: null, read: 0 };
    for (const path of ['/api/notifications', `/api/users/${ada.memberId}/notifications`, '/notifications']) {
      const response = await bob.post(path, forged);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
    expect(await count()).toBe(before);
    expect((await list(ada)).some((n) => n.title === 'Forged')).toBe(false);
  });

  it("ticks onboarding's shared_post at a member's first post and asked_ai at their first question to The S brain", async () => {
    const steps = async (client: ApiClient) => (await client.get(`/api/users/${client.memberId}/onboarding`)).body.onboardingSteps as Record<string, boolean>;
    const dee = await signIn(server.url, 'dee@example.com', 'Dee');
    expect(await steps(dee)).toMatchObject({ shared_post: false, asked_ai: false });
    const { postId } = await post(dee, 'My first post');
    expect(await steps(dee)).toMatchObject({ shared_post: true, asked_ai: false });
    await comment(dee, postId, 'Any idea, @The S brain?', { mentions: [THE_S_BRAIN_ID] });
    // With no assistant configured a mention asks nothing, so the step stays open.
    expect((await steps(dee)).asked_ai).toBe(false);
    const asked = await addComment(server.commands, {
      actorId: dee.memberId,
      postId,
      content: '@The S brain please',
      mentions: [THE_S_BRAIN_ID],
      assistantAvailable: true,
      now: now(),
    });
    expect(asked.aiRequestId).not.toBeNull();
    await settled(asked);
    expect(await steps(dee)).toMatchObject({ shared_post: true, asked_ai: true });
    // Bob's comment on Dee's post ticks nothing of Bob's.
    expect((await steps(bob)).shared_post).toBe(false);
  });
});
