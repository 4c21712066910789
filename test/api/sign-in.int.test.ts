// Acceptance for sign-in (issue 2 §5): first sign-in registers the member with 3 welcome points,
// a second one grants nothing, and every failure lands on a page the client can show.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMember } from '../../commands/members.js';
import { signIn, signInFlow, startTestServer, type TestServer } from '../support/test-server.js';

describe('sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: 'Boss@Example.com' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('registers the member with 3 welcome points on the first sign-in', async () => {
    const ann = await signIn(server.url, 'ann@example.com');

    const me = await ann.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: ann.memberId, email: 'ann@example.com', name: 'ann', points: 3, heldPoints: 0, isAdmin: false });

    const balance = await ann.get(`/api/users/${ann.memberId}/balance`);
    expect(balance.body).toEqual({ availablePoints: 3, heldPoints: 0 });

    const transactions = await ann.get(`/api/users/${ann.memberId}/transactions`);
    expect(transactions.status).toBe(200);
    expect(transactions.body).toHaveLength(1);
    expect(transactions.body[0]).toMatchObject({ user_id: ann.memberId, amount: 3, description: 'Welcome bonus', type: 'welcome' });
  });

  it('grants no second bonus when the member signs in again', async () => {
    const first = await signIn(server.url, 'bob@example.com');
    const again = await signIn(server.url, 'bob@example.com');

    expect(again.memberId).toBe(first.memberId);
    expect((await again.get('/api/user')).body.points).toBe(3);
    expect((await again.get(`/api/users/${again.memberId}/transactions`)).body).toHaveLength(1);
    expect((await again.get(`/api/users/${again.memberId}/balance`)).body).toEqual({ availablePoints: 3, heldPoints: 0 });
  });

  it('leaves the sign-in provider’s context store disabled once its requests are done, so other requests pay no promise hooks', async () => {
    const providerContext = (await import('oidc-provider/lib/helpers/als.js')).default as unknown as { enabled: boolean };
    await signIn(server.url, 'quiet@example.com');
    await vi.waitFor(() => expect(providerContext.enabled).toBe(false), { timeout: 2000 });
  });

  it('takes the name typed into the sign-in form', async () => {
    const carol = await signIn(server.url, 'carol@example.com', 'Carol Jones');
    expect((await carol.get('/api/user')).body.name).toBe('Carol Jones');
  });

  it('redirects to returnTo after sign-in, but never off-site', async () => {
    expect((await signInFlow(server.url, { email: 'dan@example.com', returnTo: '/profile?tab=skills' })).location).toBe('/profile?tab=skills');
    expect((await signInFlow(server.url, { email: 'dan@example.com', returnTo: '//evil.example.com/x' })).location).toBe('/feed');
    expect((await signInFlow(server.url, { email: 'dan@example.com', returnTo: 'https://evil.example.com' })).location).toBe('/feed');
  });

  it('sends a new identity whose e-mail another member already has to /account-exists', async () => {
    const result = await registerMember(server.commands, {
      memberId: '7d0c2a4e-0000-4000-8000-000000000001',
      email: 'erin@example.com',
      name: 'Erin',
      timeZone: 'UTC',
      now: new Date().toISOString(),
    });
    await server.runtime.waitFor(result.checkpoint!);

    const flow = await signInFlow(server.url, { email: 'Erin@example.com' });
    expect(flow.location).toBe('/account-exists');
    expect(flow.jar.get('skillswap_session')).toBeUndefined();
  });

  it('shows a readable message on /auth-error when the callback has no sign-in in progress', async () => {
    const response = await fetch(`${server.url}/api/callback?code=forged&state=forged`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, server.url);
    expect(location.pathname).toBe('/auth-error');
    expect(location.searchParams.get('message')).toMatch(/expired|another browser/);
  });

  it('marks members listed in ADMIN_EMAILS as admins, whatever the case', async () => {
    const boss = await signIn(server.url, 'boss@example.com');
    expect((await boss.get('/api/user')).body.isAdmin).toBe(true);
  });

  it('signs out: the cookie is cleared and the API answers 401 again', async () => {
    const fay = await signIn(server.url, 'fay@example.com');
    const response = await fetch(`${server.url}/api/logout`, { headers: { cookie: fay.cookie }, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    fay.jar.store(response);
    expect(fay.jar.get('skillswap_session')).toBeUndefined();
    expect((await fay.get('/api/user')).status).toBe(401);
  });

  it('sets the session cookie signed, HttpOnly and SameSite=Lax (not Secure over http)', async () => {
    const { jar } = await signInFlow(server.url, { email: 'gil@example.com' });
    const line = jar.setCookieLine('skillswap_session')!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/i);

    // A tampered cookie is not a session.
    const value = jar.get('skillswap_session')!;
    const forged = `skillswap_session=${value.replace(/^[^.]+/, Buffer.from(JSON.stringify({ m: 'someone-else', e: 'x@example.com', t: Math.floor(Date.now() / 1000) })).toString('base64url'))}`;
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie: forged } })).status).toBe(401);
  });
});
