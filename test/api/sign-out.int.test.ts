import type { Kysely } from 'kysely';
// Sign-out signs out (issue 19 point 1): the session cookie names a server-side record, so a copy of
// the cookie taken before /api/logout is worth nothing after it; "sign out everywhere" ends all of a
// member's sessions and nobody else's; every sign-in gets a new id; the records outlive a rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjectors } from '../../projections/all-projectors.js';
import { rebuildProjectors } from '../../projections/rebuild/rebuild-projectors.js';
import { CookieJar } from '../support/cookie-jar.js';
import { createApiClient } from '../support/sign-in.js';
import { signIn, signInFlow, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import type { SessionTables } from '../../api/auth/session-table.js';

const SESSION = 'skillswap_session';

/** A second browser holding a copy of the member's cookie, taken now. */
const copyOf = (server: TestServer, member: ApiClient) => {
  const jar = new CookieJar();
  const response = new Response(null, { headers: [['set-cookie', `${SESSION}=${member.jar.get(SESSION)}; Path=/`]] });
  jar.store(response);
  const request = createApiClient(server.url, jar);
  return {
    get: (path: string) => request('GET', path),
    patch: (path: string, body: unknown) => request('PATCH', path, body),
  };
};

describe('sign-out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a copy of the cookie taken before /api/logout with 401 on GET and PATCH', async () => {
    const fay = await signIn(server.url, 'fay@example.com');
    const copy = copyOf(server, fay);
    expect((await copy.get('/api/user')).status).toBe(200);

    const logout = await fetch(`${server.url}/api/logout`, { headers: { cookie: fay.cookie }, redirect: 'manual' });
    expect(logout.status).toBe(302);

    expect((await copy.get('/api/user')).status).toBe(401);
    const patch = await copy.patch(`/api/users/${fay.memberId}`, { bio: 'still here?' });
    expect(patch.status).toBe(401);
    expect(patch.body).toEqual({ error: expect.any(String) });
    // Signing in again works, with a new session.
    expect((await (await signIn(server.url, 'fay@example.com')).get('/api/user')).status).toBe(200);
  });

  it('signs a member out everywhere with POST /api/logout/everywhere, leaving other members signed in', async () => {
    const laptop = await signIn(server.url, 'gus@example.com');
    const phone = await signIn(server.url, 'gus@example.com');
    const other = await signIn(server.url, 'hal@example.com');
    const phoneCopy = copyOf(server, phone);

    const answer = await laptop.post('/api/logout/everywhere');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ revoked: 2 });
    expect(laptop.jar.get(SESSION)).toBeUndefined(); // the answer clears this browser's cookie

    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await phoneCopy.patch(`/api/users/${phone.memberId}`, { bio: 'x' })).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(200);
  });

  it('answers 401 to "sign out everywhere" without a session, and documents it in the OpenAPI description', async () => {
    const anonymous = await fetch(`${server.url}/api/logout/everywhere`, { method: 'POST', headers: { origin: new URL(server.url).origin } });
    expect(anonymous.status).toBe(401);
    const docs = (await (await fetch(`${server.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(docs.paths['/api/logout/everywhere']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401']));
  });

  it('gives every sign-in a new session id and ends the one the browser had before', async () => {
    const first = await signInFlow(server.url, { email: 'ivy@example.com' });
    const before = first.jar.get(SESSION)!;
    const oldCopy = copyOf(server, { jar: first.jar } as ApiClient);

    await signInFlow(server.url, { email: 'ivy@example.com', jar: first.jar });
    const after = first.jar.get(SESSION)!;
    expect(after).not.toBe(before);
    expect((await oldCopy.get('/api/user')).status).toBe(401);
    expect((await createApiClient(server.url, first.jar)('GET', '/api/user')).status).toBe(200);
    // Another browser's sign-in does not end this one.
    await signIn(server.url, 'ivy@example.com');
    expect((await createApiClient(server.url, first.jar)('GET', '/api/user')).status).toBe(200);
  });

  it('keeps the sessions through a rebuild of every read model (they are not a read model)', async () => {
    const jon = await signIn(server.url, 'jon@example.com');
    const outcomes = await rebuildProjectors({ sql: server.sql, store: server.store, projectors: allProjectors });
    expect(outcomes.every((o) => o.status === 'swapped')).toBe(true);
    const me = await jon.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('jon@example.com');
  });

  it('keeps only a hash of the id in the database', async () => {
    const kim = await signIn(server.url, 'kim@example.com');
    const id = decodeURIComponent(kim.jar.get(SESSION)!).replace(/\.[^.]+$/, '');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const rows = await (server.sql.handle as Kysely<SessionTables>).selectFrom('sign_in_sessions').select('id').where('member_id', '=', kim.memberId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(id);
  });
});
