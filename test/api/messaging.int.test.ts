// Messaging over HTTP (spec 001 §2.7, §7; issue 21 point 1): one conversation per pair (concurrent starts
// included), the conversation list with the other member, last message and unread count, history paged
// by cursor, sending (trimmed, refused when empty or too long, state unchanged), the read watermark, and
// only the two participants reading or writing (401 signed out, 403 a stranger).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_MAX, messagingTexts } from '../../api/contracts/messaging.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('messaging', () => {
  let server: TestServer;
  let ada: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let conversationId: string;

  const start = (from: ApiClient, to: ApiClient) => from.post('/api/conversations', { participant1_id: from.memberId, participant2_id: to.memberId });
  const send = (from: ApiClient, content: string, id = conversationId) => from.post('/api/messages', { conversation_id: id, content });
  const page = (who: ApiClient, query = '', id = conversationId) => who.get(`/api/conversations/${id}/messages${query}`);
  const list = (who: ApiClient) => who.get(`/api/users/${who.memberId}/conversations`);

  beforeAll(async () => {
    server = await startTestServer();
    [ada, bob, eve] = await Promise.all([
      signIn(server.url, 'ada-msg@example.com', 'Ada'),
      signIn(server.url, 'bob-msg@example.com', 'Bob'),
      signIn(server.url, 'eve-msg@example.com', 'Eve'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('starts a conversation once per pair and finds it again from either side', async () => {
    const first = await start(ada, bob);
    expect(first.status).toBe(201);
    conversationId = first.body.conversation.id;
    expect(first.body.conversation).toMatchObject({
      participant1_id: [ada.memberId, bob.memberId].sort()[0],
      participant2_id: [ada.memberId, bob.memberId].sort()[1],
      last_message_at: null,
      other_user: { id: bob.memberId, name: 'Bob' },
      last_message: null,
      unread_count: 0,
    });
    const again = await start(bob, ada);
    expect(again.status).toBe(200);
    expect(again.body.conversation).toMatchObject({ id: conversationId, other_user: { id: ada.memberId, name: 'Ada' } });
  });

  it('gives two members who start the same conversation at once one conversation', async () => {
    const [cat, dan] = await Promise.all([signIn(server.url, 'cat-msg@example.com', 'Cat'), signIn(server.url, 'dan-msg@example.com', 'Dan')]);
    const answers = await Promise.all([start(cat, dan), start(dan, cat), start(cat, dan), start(dan, cat)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.conversation.id)).size).toBe(1);
    const events = await server.store.readStream(`conversation-${answers[0]!.body.conversation.id}`);
    expect(events.filter((e) => e.type === 'ConversationStarted')).toHaveLength(1);
    expect((await list(cat)).body.conversations).toHaveLength(1);
  });

  it('refuses a conversation with oneself or with no member, and one started for somebody else', async () => {
    const self = await start(ada, ada);
    expect(self).toMatchObject({ status: 400, body: { error: messagingTexts.selfConversation } });
    const unknown = await ada.post('/api/conversations', { participant1_id: ada.memberId, participant2_id: 'no-such-member' });
    expect(unknown).toMatchObject({ status: 400, body: { error: messagingTexts.memberNotFound } });
    const forOthers = await eve.post('/api/conversations', { participant1_id: ada.memberId, participant2_id: bob.memberId });
    expect(forOthers.status).toBe(403);
    expect((await list(eve)).body.conversations).toEqual([]);
  });

  it('sends a trimmed message and answers it with its place in the conversation', async () => {
    const sent = await send(ada, '  Hello Bob  ');
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ conversation_id: conversationId, sender_id: ada.memberId, content: 'Hello Bob', read_at: null, sequence: 1 });
    const shown = await page(bob);
    expect(shown.body).toMatchObject({ messages: [{ id: sent.body.message.id, content: 'Hello Bob', sender_id: ada.memberId }], next_cursor: null });
  });

  it('refuses an empty, blank or too long message and appends nothing', async () => {
    const before = (await server.store.readStream(`conversation-${conversationId}`)).length;
    for (const content of ['', '   \n ', 'x'.repeat(MESSAGE_CONTENT_MAX + 1)]) {
      const refused = await send(ada, content);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain(content.trim() === '' ? messagingTexts.contentRequired : messagingTexts.contentTooLong);
    }
    expect((await ada.post('/api/messages', { content: 'no conversation named' })).status).toBe(400);
    expect((await server.store.readStream(`conversation-${conversationId}`)).length).toBe(before);
    expect((await send(ada, 'x'.repeat(MESSAGE_CONTENT_MAX))).status).toBe(201);
  });

  it('lists each member’s conversations with the other member, the last message and the unread count', async () => {
    await send(bob, 'Hi Ada!');
    const adas = (await list(ada)).body.conversations;
    expect(adas).toHaveLength(1);
    expect(adas[0]).toMatchObject({
      id: conversationId,
      other_user: { id: bob.memberId, name: 'Bob', avatar: null },
      last_message: { sender_id: bob.memberId, content: 'Hi Ada!' },
      unread_count: 1,
    });
    const bobs = (await list(bob)).body.conversations;
    expect(bobs[0]).toMatchObject({ other_user: { id: ada.memberId, name: 'Ada' }, unread_count: 2 });
    expect(bobs[0].last_message_at).toBe(bobs[0].last_message.created_at);
  });

  it('lists only one’s own conversations: 403 for another member’s, 401 signed out', async () => {
    expect((await eve.get(`/api/users/${ada.memberId}/conversations`)).status).toBe(403);
    expect((await fetch(`${server.url}/api/users/${ada.memberId}/conversations`)).status).toBe(401);
  });

  it('keeps a stranger out of a conversation: no reading, writing or read receipts, and nothing changes', async () => {
    const before = (await server.store.readStream(`conversation-${conversationId}`)).length;
    const messageId = (await page(bob)).body.messages.at(-1).id;
    expect((await page(eve)).status).toBe(403);
    expect((await send(eve, 'Let me in')).status).toBe(403);
    expect((await eve.put(`/api/messages/${messageId}/read`, {})).status).toBe(403);
    expect((await ada.post('/api/messages', { conversation_id: conversationId, content: 'as Bob', sender_id: bob.memberId })).status).toBe(403);
    expect((await server.store.readStream(`conversation-${conversationId}`)).length).toBe(before);
    expect((await page(ada, '', 'no-such-conversation')).status).toBe(404);
    expect((await ada.put('/api/messages/no-such-message/read', {})).status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/conversations/${conversationId}/messages`);
    expect(anonymous.status).toBe(401);
    const anonymousSend = await fetch(`${server.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ conversation_id: conversationId, content: 'hi' }),
    });
    expect(anonymousSend.status).toBe(401);
  });

  it('reads with one watermark: reading a message reads every one before it, and never goes back', async () => {
    const [cat, dan] = await Promise.all([signIn(server.url, 'cat2-msg@example.com', 'Cat'), signIn(server.url, 'dan2-msg@example.com', 'Dan')]);
    const id = (await start(cat, dan)).body.conversation.id as string;
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) ids.push((await send(cat, text, id)).body.message.id);
    const read = await dan.put(`/api/messages/${ids[1]}/read`, {});
    expect(read).toMatchObject({ status: 200, body: { conversation_id: id, read_up_to: 2 } });
    const shown = (await page(cat, '', id)).body.messages;
    expect(shown.map((m: { read_at: string | null }) => m.read_at !== null)).toEqual([true, true, false]);
    expect((await list(dan)).body.conversations[0].unread_count).toBe(1);
    // An older message again: nothing moves back, nothing is appended.
    const before = (await server.store.readStream(`conversation-${id}`)).length;
    expect((await dan.put(`/api/messages/${ids[0]}/read`, {})).body.read_up_to).toBe(2);
    expect((await server.store.readStream(`conversation-${id}`)).length).toBe(before);
    // The spec's client sends PUT with no body at all.
    const bare = await fetch(`${server.url}/api/messages/${ids[2]}/read`, { method: 'PUT', headers: { cookie: dan.cookie, origin: server.url } });
    expect(bare.status).toBe(200);
    expect((await list(dan)).body.conversations[0].unread_count).toBe(0);
  });

  it('pages the history by cursor: the newest page first, then older pages until the start', async () => {
    const [cat, dan] = await Promise.all([signIn(server.url, 'cat3-msg@example.com', 'Cat'), signIn(server.url, 'dan3-msg@example.com', 'Dan')]);
    const id = (await start(cat, dan)).body.conversation.id as string;
    for (let i = 1; i <= 7; i++) await send(i % 2 ? cat : dan, `message ${i}`, id);
    const newest = (await page(dan, '?limit=3', id)).body;
    expect(newest.messages.map((m: { content: string }) => m.content)).toEqual(['message 5', 'message 6', 'message 7']);
    const older = (await page(dan, `?limit=3&before=${newest.next_cursor}`, id)).body;
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual(['message 2', 'message 3', 'message 4']);
    const oldest = (await page(dan, `?limit=3&before=${older.next_cursor}`, id)).body;
    expect(oldest).toMatchObject({ messages: [{ content: 'message 1' }], next_cursor: null });
    expect((await page(dan, '?before=abc', id)).status).toBe(400);
  });

  it('tells the recipient with a message notification quoting the first 50 characters', async () => {
    const long = 'A'.repeat(60);
    await send(bob, long);
    const notifications = (await ada.get(`/api/users/${ada.memberId}/notifications`)).body as { type: string; title: string; message: string; from_user_id: string }[];
    const mine = notifications.filter((n) => n.type === 'message');
    expect(mine[0]).toMatchObject({ title: 'New Message', message: `Bob sent you a message: ${'A'.repeat(50)}...`, from_user_id: bob.memberId });
    expect(mine.some((n) => n.message === 'Bob sent you a message: Hi Ada!')).toBe(true);
    const bobs = (await bob.get(`/api/users/${bob.memberId}/notifications`)).body as { type: string; message: string }[];
    expect(bobs.filter((n) => n.type === 'message').map((n) => n.message)).toEqual(
      ['Ada sent you a message: Hello Bob', `Ada sent you a message: ${'x'.repeat(50)}...`].reverse(),
    );
  });
});
