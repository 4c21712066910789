// The typing indicator across API processes (issue 33 point 7; docs/scaling.md): two app servers on one
// PostgreSQL database, as two processes behind a balancer. A member typing on a socket to one reaches the
// other member's sockets on both, and the answer comes back the other way; each socket hears each relay
// once. PostgreSQL only: PGlite is one process (its single-process path is test/api/messaging-live).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypingMessage } from '../../api/contracts/live.js';
import { connectSocket, type LiveSocket } from '../support/live-socket.js';
import { notRun, POSTGRES_ONLY_REASON } from '../support/not-run.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const TITLE = 'typing across API processes';

if (process.env.TEST_DATABASE_URL) {
  describe(TITLE, () => {
    let first: TestServer;
    let second: TestServer;
    let ada: ApiClient;
    let bob: ApiClient;
    const sockets: LiveSocket[] = [];
    const connect = async (server: TestServer, who: ApiClient) => {
      const socket = await connectSocket(server.url, who);
      sockets.push(socket);
      return socket;
    };

    beforeAll(async () => {
      first = await startTestServer();
      second = await startTestServer({ beside: first });
      // Each signs in on their own process; the session is the database's, good on both.
      [ada, bob] = await Promise.all([signIn(first.url, 'ada-typing@example.com', 'Ada'), signIn(second.url, 'bob-typing@example.com', 'Bob')]);
    }, 90_000);
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await second?.close();
      await first?.close();
    });

    it("relays a member's typing on one process to the other member's sockets on every process, and back", async () => {
      const conversationId = (await ada.post('/api/conversations', { participant1_id: ada.memberId, participant2_id: bob.memberId })).body.conversation.id as string;
      const adaOnFirst = await connect(first, ada);
      const [bobOnSecond, bobOnFirst] = await Promise.all([connect(second, bob), connect(first, bob)]);
      const typingOf = (memberId: string): TypingMessage => ({ type: 'typing', conversationId, memberId });
      const isTyping = (m: { type: string }) => m.type === 'typing';

      adaOnFirst.ws.send(JSON.stringify({ type: 'typing', conversationId }));
      expect(await bobOnSecond.next(isTyping)).toEqual(typingOf(ada.memberId));
      expect(await bobOnFirst.next(isTyping)).toEqual(typingOf(ada.memberId));

      bobOnSecond.ws.send(JSON.stringify({ type: 'typing', conversationId }));
      expect(await adaOnFirst.next(isTyping)).toEqual(typingOf(bob.memberId));

      // Once each, and never to the typist: a message sent now is noticed after both relays on every
      // process's LISTEN (PostgreSQL delivers notifications in commit order), so once every socket has it,
      // every relay due to it has arrived too.
      const sent = (await ada.post('/api/messages', { conversation_id: conversationId, content: 'Typed it' })).body.message as { id: string };
      await Promise.all([adaOnFirst, bobOnSecond, bobOnFirst].map((socket) => socket.next((m) => m.type === 'new_message' && m.message.id === sent.id)));
      expect(bobOnSecond.messages.filter(isTyping)).toEqual([typingOf(ada.memberId)]);
      expect(bobOnFirst.messages.filter(isTyping)).toEqual([typingOf(ada.memberId)]);
      expect(adaOnFirst.messages.filter(isTyping)).toEqual([typingOf(bob.memberId)]);
    });
  });
} else {
  notRun(TITLE, POSTGRES_ONLY_REASON);
}
