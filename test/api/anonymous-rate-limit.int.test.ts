// Issue 19 point 5: signed-out calls to protected routes and to the development provider (/oidc/*)
// had no limit at all. Now they share one budget per IP (RATE_LIMIT_ANONYMOUS_PER_MINUTE), answered
// with 429 {error} once used up, while a signed-in member on the same IP keeps their own limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const LIMIT = 30;
const TOO_MANY = { error: 'Too many requests. Please wait a moment and try again.' };

describe('the limit on signed-out calls', () => {
  let server: TestServer;
  let ann: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: String(LIMIT) } });
    // Signing in passes through /oidc/*, so it spends part of the same budget.
    ann = await signIn(server.url, 'ann-limits@example.com', 'Ann');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 until the budget is spent, then 429 on protected routes and /oidc/* alike', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await fetch(`${server.url}/api/user`)).status);
    expect(statuses.at(-1)).toBe(429);
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(new Set(statuses.slice(0, firstRefused))).toEqual(new Set([401]));
    expect(new Set(statuses.slice(firstRefused))).toEqual(new Set([429]));

    const limited = await fetch(`${server.url}/api/sessions/some-id`, { method: 'DELETE' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual(TOO_MANY);
    // Percent-encoded, the path reaches the same route and spends the same budget.
    expect((await fetch(`${server.url}/%61pi/user`)).status).toBe(429);
    // A forged cookie is no session: still signed out.
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie: 'skillswap_session=forged' } })).status).toBe(429);
    const provider = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    expect(provider.status).toBe(429);
    expect(await provider.json()).toEqual(TOO_MANY);
  });

  it('leaves a signed-in member on the same address and the public routes alone', async () => {
    for (let i = 0; i < 5; i++) expect((await ann.get('/api/user')).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
