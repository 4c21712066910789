// The live-update websocket (spec doc 3, DESIGN.md §4): signed-in only, and each change notice goes
// to exactly the sockets of its audience, its payload as it is. Notices travel through the real NOTIFY channel.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_SOCKETS_PER_MEMBER, TOO_MANY_SOCKETS } from '../../api/plugins/change-hub.js';
import { CHANGES_CHANNEL } from '../../projections/runtime/notices.js';
import { memberChanged, membersChanged, postChanged, toAdmins, toMembers, toSignedIn, toSubscribers } from '../../projections/change-notices.js';
import type { ChangeNotice } from '../../projections/types.js';
import { connectSocket, heardAfter, openSocket, sendAndPing, subscribePost, unsubscribePost, type LiveSocket } from '../support/live-socket.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const open = (url: string, headers: Record<string, string>) => openSocket(url, headers);
const connect = connectSocket;

const ADMIN = 'dee-admin@example.com';

const closed = (ws: WebSocket) => new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code })));

describe('websocket /ws', () => {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  const sockets: WebSocket[] = [];
  const track = <T extends LiveSocket>(s: T) => (sockets.push(s.ws), s);

  const notify = (notices: ChangeNotice[]) =>
    sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ projector: 'test', checkpoint: '0:0', notices })})`.execute(server.sql.db);
  // A member-list change reaches every socket after whatever the server heard of before it.
  const isMembers = (m: any) => m.type === 'changed' && m.scope === 'members';
  const caughtUp = (...of: LiveSocket[]) => heardAfter(of, isMembers, () => notify([membersChanged()]));

  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN } });
    ann = await signIn(server.url, 'ann@example.com');
    bob = await signIn(server.url, 'bob@example.com');
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await server?.close();
  });

  it('closes with 4401 when signed out', async () => {
    const socket = await open(server.url, {});
    expect((await closed(socket.ws)).code).toBe(4401);
  });

  it('refuses a handshake from a foreign Origin', async () => {
    await expect(open(server.url, { cookie: ann.cookie, origin: 'https://evil.example.com' })).rejects.toThrow(/403/);
  });

  it('tells a second connection of the same member about their own PATCH, as a profile change, and nobody else', async () => {
    const annTab1 = track(await connect(server.url, ann));
    const annTab2 = track(await connect(server.url, ann));
    const bobTab = track(await connect(server.url, bob));

    expect((await ann.patch(`/api/users/${ann.memberId}`, { bio: 'Now live' })).status).toBe(200);

    // The members read model's notice; the onboarding model's (a bio ticks a step) comes as its own.
    const own = (m: any) => m.type === 'changed' && m.scope === 'user' && m.id === ann.memberId;
    const profile = (m: any) => own(m) && m.about === 'profile';
    expect(await annTab2.next(profile)).toEqual({ type: 'changed', scope: 'user', id: ann.memberId, about: 'profile' });
    expect(await annTab1.next(profile)).toEqual({ type: 'changed', scope: 'user', id: ann.memberId, about: 'profile' });
    await caughtUp(bobTab);
    expect(bobTab.messages.filter(own)).toEqual([]);
  });

  it("relays what a member's change is about, and nothing for a change about nothing in particular", async () => {
    const annSocket = track(await connect(server.url, ann));

    await notify([memberChanged(ann.memberId, 'notifications'), memberChanged(ann.memberId)]);

    // Only these two: a projector's late notice about Ann (an earlier test's write) is about something else.
    const sent = (m: any) => m.type === 'changed' && m.scope === 'user' && m.id === ann.memberId && (m.about === 'notifications' || !('about' in m));
    expect(await annSocket.next(sent)).toEqual({ type: 'changed', scope: 'user', id: ann.memberId, about: 'notifications' });
    await caughtUp(annSocket);
    // The second has no `about` at all (not even undefined): the client reads that as any change.
    expect(annSocket.messages.filter(sent).map((m) => Object.keys(m))).toEqual([
      ['type', 'scope', 'id', 'about'],
      ['type', 'scope', 'id'],
    ]);
  });

  it('sends post changes only to sockets subscribed to that post, with postId', async () => {
    const subscriber = track(await connect(server.url, ann));
    const other = track(await connect(server.url, bob));
    await subscribePost(subscriber, 'post-1');

    await notify([postChanged('post-1')]);
    expect(await subscriber.next((m) => m.scope === 'post')).toEqual({ type: 'changed', scope: 'post', id: 'post-1', postId: 'post-1' });
    await caughtUp(other);
    expect(other.messages.filter((m) => m.scope === 'post')).toEqual([]);

    await unsubscribePost(subscriber, 'post-1');
    await notify([postChanged('post-1')]);
    await caughtUp(subscriber);
    expect(subscriber.messages.filter((m) => m.scope === 'post')).toHaveLength(1);
  });

  it('sends session changes to both participants and member-list changes to everyone', async () => {
    const annSocket = track(await connect(server.url, ann));
    const bobSocket = track(await connect(server.url, bob));
    const carol = await signIn(server.url, 'carol@example.com');
    const carolSocket = track(await connect(server.url, carol));

    await notify([toMembers([ann.memberId, bob.memberId], { type: 'changed', scope: 'session', id: 'session-9' }), membersChanged()]);

    for (const socket of [annSocket, bobSocket]) {
      expect(await socket.next((m) => m.scope === 'session')).toEqual({ type: 'changed', scope: 'session', id: 'session-9' });
    }
    for (const socket of [annSocket, bobSocket, carolSocket]) {
      expect(await socket.next((m) => m.scope === 'members')).toEqual({ type: 'changed', scope: 'members' });
    }
    expect(carolSocket.messages.filter((m) => m.scope === 'session')).toEqual([]);
  });

  it('delivers a kind of notice the hub has never seen to exactly its audience: admins, a topic, named members, everyone', async () => {
    const dee = await signIn(server.url, ADMIN, 'Dee');
    const deeSocket = track(await connect(server.url, dee));
    const annSocket = track(await connect(server.url, ann));
    const bobSocket = track(await connect(server.url, bob));
    await subscribePost(bobSocket, 'post-7');
    const kind = (type: string) => (m: any) => m.type === type;

    // Nothing in the hub names these kinds: it routes by the audience and sends the payload as it is.
    const alert = { type: 'error_logged', errorId: 'e-1', count: 3, first: { at: '2026-11-28T10:00:00.000Z' } };
    await notify([
      toAdmins(alert),
      toSubscribers('post:post-7', { type: 'post_pinned', postId: 'post-7' }),
      toMembers([ann.memberId, ann.memberId], { type: 'badge_earned', badge: 'first-session' }),
      toSignedIn({ type: 'maintenance', at: '02:00' }),
    ]);
    expect(await deeSocket.next(kind('error_logged'))).toEqual(alert);
    expect(await bobSocket.next(kind('post_pinned'))).toEqual({ type: 'post_pinned', postId: 'post-7' });
    expect(await annSocket.next(kind('badge_earned'))).toEqual({ type: 'badge_earned', badge: 'first-session' });
    for (const socket of [deeSocket, annSocket, bobSocket]) expect(await socket.next(kind('maintenance'))).toEqual({ type: 'maintenance', at: '02:00' });
    await caughtUp(deeSocket, annSocket, bobSocket);
    expect([annSocket, bobSocket].flatMap((socket) => socket.messages.filter(kind('error_logged')))).toEqual([]);
    expect([deeSocket, annSocket].flatMap((socket) => socket.messages.filter(kind('post_pinned')))).toEqual([]);
    expect([deeSocket, bobSocket].flatMap((socket) => socket.messages.filter(kind('badge_earned')))).toEqual([]);
    // Named twice, heard once.
    expect(annSocket.messages.filter(kind('badge_earned'))).toHaveLength(1);
  });

  it('closes a member’s oldest socket past 50, and keeps the others working', async () => {
    const cy = await signIn(server.url, 'cy@example.com');
    const first = track(await connect(server.url, cy));
    const firstClosed = closed(first.ws);
    const rest = [];
    for (let i = 1; i < MAX_SOCKETS_PER_MEMBER; i++) rest.push(track(await connect(server.url, cy)));
    // Its pong comes after any close the server sent it on the others' arrival.
    await sendAndPing(first);
    expect(first.ws.readyState).toBe(WebSocket.OPEN);
    const newest = track(await connect(server.url, cy));
    expect((await firstClosed).code).toBe(TOO_MANY_SOCKETS);
    await notify([memberChanged(cy.memberId)]);
    // This notice, not one of the read models' own about Cy's sign-in (e.g. 'onboarding'), which may come late.
    const ours = (m: { type: string; about?: unknown }) => m.type === 'changed' && m.about === undefined;
    expect(await newest.next(ours)).toEqual({ type: 'changed', scope: 'user', id: cy.memberId });
    expect(await rest[0]!.next(ours)).toEqual({ type: 'changed', scope: 'user', id: cy.memberId });
  });

  it('ignores bad client messages and keeps the socket working', async () => {
    const socket = track(await connect(server.url, ann));
    socket.ws.send('not json');
    socket.ws.send(JSON.stringify({ type: 'launch_rockets' }));
    socket.ws.send(JSON.stringify({ type: 'subscribe_post', postId: 42 }));
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
  });
});
