// The production sign-in path (issue 19 point 2): OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET
// pointing at a provider in another process, on its own port, with the app registered there as a
// confidential client (secret, PKCE). Members sign in through the real redirects; an e-mail counts for
// ADMIN_EMAILS only when the provider says it is verified (DESIGN.md §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberIdFor } from '../../api/auth/oidc-client.js';
import { freePort, startOutsideIssuer, type OutsideAccount, type OutsideIssuer } from '../support/outside-issuer.js';
import { createApiClient, signInFlow } from '../support/sign-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const accounts: OutsideAccount[] = [
  { sub: 'u-ann', email: 'ann@example.com', emailVerified: true, name: 'Ann Outside', password: 'ann-pw' },
  { sub: 'u-boss', email: 'boss@example.com', emailVerified: true, name: 'The Boss', password: 'boss-pw' },
  { sub: 'u-mallory', email: 'mallory@example.com', emailVerified: false, name: 'Mallory', password: 'mallory-pw' },
  // Two provider accounts claiming one address (matched by password at the provider): only one vouched for.
  { sub: 'u-squatter', email: 'vic@example.com', emailVerified: false, name: 'Squatter', password: 'squat-pw' },
  { sub: 'u-vic', email: 'vic@example.com', emailVerified: true, name: 'Vic', password: 'vic-pw' },
  { sub: 'u-ann-copy', email: 'ann@example.com', emailVerified: false, name: 'Not Ann', password: 'copy-pw' },
];

describe('sign-in through an outside OpenID Connect provider', () => {
  let issuer: OutsideIssuer;
  let server: TestServer;
  beforeAll(async () => {
    // The provider must know the app's redirect URI, so the app's address is chosen first.
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    issuer = await startOutsideIssuer({ redirectUri: `${publicUrl}/api/callback`, accounts });
    server = await startTestServer({
      env: { ...issuer.env, PORT: String(port), PUBLIC_URL: publicUrl, ADMIN_EMAILS: 'boss@example.com,mallory@example.com' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await issuer?.close();
  });

  const signInAs = async (account: OutsideAccount) => {
    const flow = await signInFlow(server.url, { email: account.email, fields: { login: account.email, password: account.password } });
    const request = createApiClient(server.url, flow.jar);
    return { flow, get: (path: string) => request<any>('GET', path) };
  };

  it('sends the browser to the provider with PKCE, and no development provider answers', async () => {
    const login = await fetch(`${server.url}/api/login`, { redirect: 'manual' });
    const target = new URL(login.headers.get('location')!);
    expect(target.origin).toBe(new URL(issuer.issuer).origin);
    expect(target.searchParams.get('client_id')).toBe(issuer.clientId);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(target.searchParams.get('redirect_uri')).toBe(`${server.url}/api/callback`);
    expect((await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('signs a member in through the provider and registers them under the issuer and subject', async () => {
    const ann = await signInAs(accounts[0]!);
    expect(ann.flow.location).toBe('/feed');
    const me = await ann.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: memberIdFor(issuer.issuer, 'u-ann'), email: 'ann@example.com', name: 'Ann Outside', points: 3, isAdmin: false });
  });

  it('makes an admin of a verified e-mail listed in ADMIN_EMAILS', async () => {
    const boss = await signInAs(accounts[1]!);
    expect((await boss.get('/api/user')).body).toMatchObject({ email: 'boss@example.com', isAdmin: true });
    const annId = memberIdFor(issuer.issuer, 'u-ann');
    expect((await boss.get(`/api/users/${annId}`)).body.email).toBe('ann@example.com');
  });

  it('signs in a member whose e-mail is not verified but refuses them admin, though ADMIN_EMAILS lists it', async () => {
    const mallory = await signInAs(accounts[2]!);
    expect(mallory.flow.location).toBe('/feed');
    expect((await mallory.get('/api/user')).body).toMatchObject({ email: 'mallory@example.com', isAdmin: false });
    const annId = memberIdFor(issuer.issuer, 'u-ann');
    expect((await mallory.get(`/api/users/${annId}`)).body.email).toBeUndefined();
    expect((await mallory.get(`/api/users/${annId}/balance`)).status).toBe(403);
  });

  it('lets an unverified e-mail keep no one out, nor take an address in use', async () => {
    const squatter = await signInAs(accounts[3]!);
    expect(squatter.flow.location).toBe('/feed');
    // The address's verified owner comes second and still gets an account of their own.
    const vic = await signInAs(accounts[4]!);
    expect(vic.flow.location).toBe('/feed');
    expect((await vic.get('/api/user')).body).toMatchObject({ id: memberIdFor(issuer.issuer, 'u-vic'), email: 'vic@example.com' });
    // Ann's address, verified and in use, is not for an unverified newcomer.
    await signInAs(accounts[0]!);
    const copy = await signInAs(accounts[5]!);
    expect(copy.flow.location).toBe('/account-exists');
  });

  it('signs nobody in when the provider refuses the password', async () => {
    await expect(signInFlow(server.url, { email: 'ann@example.com', fields: { login: 'ann@example.com', password: 'wrong' } })).rejects.toThrow(
      /status 400.*Wrong e-mail or password/s,
    );
  });
});
