// Messaging live over a real websocket (issue 21 point 1): a new message reaches both participants'
// sockets and no one else's, a read receipt reaches the sender ('Seen'), and typing is relayed to the
// other participant only, for members who share the conversation, at most once per interval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPING_RELAY_INTERVAL_MS } from '../../api/contracts/live.js';
import { connectSocket, type LiveSocket } from '../support/live-socket.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

describe('messaging live updates', () => {
  let server: TestServer;
  let ada: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let conversationId: string;
  const sockets: LiveSocket[] = [];
  const connect = async (who: ApiClient) => {
    const socket = await connectSocket(server.url, who);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer();
    [ada, bob, eve] = await Promise.all([
      signIn(server.url, 'ada-live-msg@example.com', 'Ada'),
      signIn(server.url, 'bob-live-msg@example.com', 'Bob'),
      signIn(server.url, 'eve-live-msg@example.com', 'Eve'),
    ]);
    conversationId = (await ada.post('/api/conversations', { participant1_id: ada.memberId, participant2_id: bob.memberId })).body.conversation.id;
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  it('delivers a new message to both participants’ sockets and to nobody else', async () => {
    const [adaSocket, bobSocket, eveSocket] = await Promise.all([connect(ada), connect(bob), connect(eve)]);
    const sent = (await ada.post('/api/messages', { conversation_id: conversationId, content: 'Live hello' })).body.message;
    const delivered = await bobSocket.next((m) => m.type === 'new_message');
    expect(delivered).toEqual({
      type: 'new_message',
      message: {
        id: sent.id,
        conversation_id: conversationId,
        sender_id: ada.memberId,
        recipient_id: bob.memberId,
        content: 'Live hello',
        created_at: sent.created_at,
        sequence: 1,
      },
    });
    await adaSocket.next((m) => m.type === 'new_message' && m.message.id === sent.id);
    await settle();
    expect(eveSocket.messages.filter((m) => m.type === 'new_message' || m.type === 'messages_read')).toEqual([]);
  });

  it('tells the sender when the other member read their messages', async () => {
    const [adaSocket, eveSocket] = await Promise.all([connect(ada), connect(eve)]);
    const sent = (await ada.post('/api/messages', { conversation_id: conversationId, content: 'Did you see this?' })).body.message;
    await bob.put(`/api/messages/${sent.id}/read`, {});
    const receipt = await adaSocket.next((m) => m.type === 'messages_read');
    expect(receipt.receipt).toMatchObject({ conversation_id: conversationId, reader_id: bob.memberId, up_to_message_id: sent.id, up_to_sequence: sent.sequence });
    await settle();
    expect(eveSocket.messages.filter((m) => m.type === 'messages_read')).toEqual([]);
  });

  it('relays typing to the other participant only, once per interval, and never for a stranger', async () => {
    const [adaSocket, bobSocket, eveSocket] = await Promise.all([connect(ada), connect(bob), connect(eve)]);
    for (let i = 0; i < 5; i++) adaSocket.ws.send(JSON.stringify({ type: 'typing', conversationId }));
    expect(await bobSocket.next((m) => m.type === 'typing')).toEqual({ type: 'typing', conversationId, memberId: ada.memberId });
    // A stranger naming the conversation, and a conversation that does not exist, reach nobody.
    eveSocket.ws.send(JSON.stringify({ type: 'typing', conversationId }));
    eveSocket.ws.send(JSON.stringify({ type: 'typing', conversationId: 'no-such-conversation' }));
    await settle();
    expect(bobSocket.messages.filter((m) => m.type === 'typing')).toHaveLength(1);
    expect(adaSocket.messages.filter((m) => m.type === 'typing')).toEqual([]);
    expect(eveSocket.messages.filter((m) => m.type === 'typing')).toEqual([]);
    await settle(TYPING_RELAY_INTERVAL_MS);
    adaSocket.ws.send(JSON.stringify({ type: 'typing', conversationId }));
    await bobSocket.next((m) => m.type === 'typing' && bobSocket.messages.filter((x) => x.type === 'typing').length === 2);
  });

  it('announces a new conversation to both members', async () => {
    const [bobSocket, eveSocket] = await Promise.all([connect(bob), connect(eve)]);
    const started = await eve.post('/api/conversations', { participant1_id: bob.memberId, participant2_id: eve.memberId });
    const id = started.body.conversation.id;
    expect(await bobSocket.next((m) => m.type === 'changed' && m.scope === 'conversation')).toEqual({ type: 'changed', scope: 'conversation', id });
    await eveSocket.next((m) => m.type === 'changed' && m.scope === 'conversation' && m.id === id);
  });
});
