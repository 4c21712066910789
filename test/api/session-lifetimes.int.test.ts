import type { Kysely } from 'kysely';
// Sessions end on the server's clock (issue 19 point 1): SESSION_IDLE_MINUTES without a request,
// SESSION_MAX_DAYS after sign-in; and a session that ends closes its websockets with 4401, whether
// it was revoked here, revoked by another process, or expired.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createSessionStore, sessionKeyOf } from '../../api/auth/session-store.js';
import { HOUR_MS, signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import type { SessionTables } from '../../api/auth/session-table.js';

const MINUTE_MS = 60_000;

interface OpenSocket {
  ws: WebSocket;
  closed: Promise<number>;
}

const connect = (server: TestServer, member: ApiClient): Promise<OpenSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws`, { headers: { cookie: member.cookie } });
    // Fails in seconds rather than at the test's own timeout when the server keeps the socket open.
    const closed = new Promise<number>((done, fail) => {
      const timer = setTimeout(() => fail(new Error('the socket is still open after 5 s')), 5_000);
      ws.once('close', (code) => (clearTimeout(timer), done(code)));
    });
    closed.catch(() => {}); // awaited only by the tests that expect a close
    ws.once('message', () => resolve({ ws, closed })); // {type: 'connected'}
    ws.once('error', reject);
  });

const stillOpen = async (socket: OpenSocket) => {
  await new Promise((r) => setTimeout(r, 200));
  return socket.ws.readyState === WebSocket.OPEN;
};

describe('session lifetimes and websockets', () => {
  let server: TestServer;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer({ now: '2027-03-01T09:00:00Z', env: { SESSION_IDLE_MINUTES: '60', SESSION_MAX_DAYS: '1' } });
  });
  afterEach(() => {
    for (const ws of sockets.splice(0)) ws.terminate();
  });
  afterAll(async () => {
    await server?.close();
  });
  const open = async (member: ApiClient) => {
    const socket = await connect(server, member);
    sockets.push(socket.ws);
    return socket;
  };

  it('ends a session after SESSION_IDLE_MINUTES without a request, and not while it is used', async () => {
    const ann = await signIn(server.url, 'ann@example.com');
    for (let i = 0; i < 3; i++) {
      server.clock.advance(50 * MINUTE_MS);
      expect((await ann.get('/api/user')).status).toBe(200);
    }
    server.clock.advance(61 * MINUTE_MS);
    expect((await ann.get('/api/user')).status).toBe(401);
  });

  it('ends a session SESSION_MAX_DAYS after sign-in however much it is used', async () => {
    const bob = await signIn(server.url, 'bob@example.com');
    for (let elapsed = 0; elapsed < 23 * HOUR_MS; elapsed += 50 * MINUTE_MS) {
      server.clock.advance(50 * MINUTE_MS);
      expect((await bob.get('/api/user')).status).toBe(200);
    }
    server.clock.advance(HOUR_MS);
    expect((await bob.get('/api/user')).status).toBe(401);
  });

  it('writes the session’s last use at most once a minute, not at every request', async () => {
    const ivy = await signIn(server.url, 'ivy@example.com');
    const lastSeen = async () =>
      (
        await (server.sql.handle as Kysely<SessionTables>)
          .selectFrom('sign_in_sessions')
          .select('last_seen_at')
          .where('member_id', '=', ivy.memberId)
          .executeTakeFirstOrThrow()
      ).last_seen_at as Date;
    const signedInAt = (await lastSeen()).getTime();
    for (let i = 0; i < 5; i++) {
      server.clock.advance(10_000);
      expect((await ivy.get('/api/user')).status).toBe(200);
    }
    expect((await lastSeen()).getTime()).toBe(signedInAt);
    server.clock.advance(20_000);
    expect((await ivy.get('/api/user')).status).toBe(200);
    await vi.waitFor(async () => expect((await lastSeen()).getTime()).toBe(server.clock().getTime()), { timeout: 2_000 });
  });

  it('closes the websocket of a session signed out over HTTP, and only that one', async () => {
    const cat = await signIn(server.url, 'cat@example.com');
    const catElsewhere = await signIn(server.url, 'cat@example.com');
    const socket = await open(cat);
    const other = await open(catElsewhere);
    await fetch(`${server.url}/api/logout`, { headers: { cookie: cat.cookie }, redirect: 'manual' });
    expect(await socket.closed).toBe(4401);
    expect(await stillOpen(other)).toBe(true);
  });

  it('closes every websocket of the member on "sign out everywhere"', async () => {
    const dan = await signIn(server.url, 'dan@example.com');
    const danElsewhere = await signIn(server.url, 'dan@example.com');
    const eve = await signIn(server.url, 'eve@example.com');
    const sockets = [await open(dan), await open(danElsewhere)];
    const eves = await open(eve);
    expect((await dan.post('/api/logout/everywhere')).status).toBe(200);
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([4401, 4401]);
    expect(await stillOpen(eves)).toBe(true);
  });

  it('closes the websocket of an expired session at its next message', async () => {
    const fay = await signIn(server.url, 'fay@example.com');
    const socket = await open(fay);
    server.clock.advance(61 * MINUTE_MS);
    socket.ws.send(JSON.stringify({ type: 'subscribe_post', postId: 'p1' }));
    expect(await socket.closed).toBe(4401);
  });

  it('reads the records of many sessions asked for at once, each for its own member, and none revoked', async () => {
    const store = () => createSessionStore({ sql: server.sql, clock: server.clock, idleMs: HOUR_MS, maxAgeMs: 24 * HOUR_MS });
    const writer = store();
    const members = Array.from({ length: 12 }, (_, i) => ({ memberId: `batch-member-${i}`, email: `batch${i}@example.com`, emailVerified: i % 2 === 0 }));
    const created: { id: string; sessionKey: string }[] = [];
    for (const member of members) created.push(await writer.create(member));
    await writer.revoke(created[3]!.sessionKey);
    // A store with nothing remembered, as another process: every find is a read, all in one turn.
    const reader = store();
    const found = await Promise.all([...created, created[0]!].map((c) => reader.find(c.sessionKey, { touch: false })));
    const expected = members.map((member, i) => (i === 3 ? null : { ...member, sessionKey: created[i]!.sessionKey }));
    expect(found).toEqual([...expected, expected[0]]);
  });

  it('hears a revocation made by another process at once: 401 over HTTP and the websocket closed', async () => {
    const gil = await signIn(server.url, 'gil@example.com');
    expect((await gil.get('/api/user')).status).toBe(200); // remembered by this process now
    const socket = await open(gil);
    // What another process runs on the same database: its own store, its own cache.
    const elsewhere = createSessionStore({ sql: server.sql, clock: server.clock, idleMs: HOUR_MS, maxAgeMs: 24 * HOUR_MS });
    const id = decodeURIComponent(gil.jar.get('skillswap_session')!).replace(/\.[^.]+$/, '');
    await elsewhere.revoke(sessionKeyOf(id));

    expect(await socket.closed).toBe(4401);
    await vi.waitFor(async () => expect((await gil.get('/api/user')).status).toBe(401), { timeout: 1_000 });
  });
});
