// The HTTP surface around the routes (issue 2 §5): Origin check on writes, security headers, rate
// limits, API docs, the one error handler (404/5xx bodies) and the static client with SPA fallback.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('HTTP surface', () => {
  let server: TestServer;
  let ann: ApiClient;
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'skillswap-web-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><div id="root"></div><script src="/assets/app-1a2b3c.js"></script>');
    await writeFile(join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    server = await startTestServer({ webDistDir: webDir });
    ann = await signIn(server.url, 'ann@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const patchName = (origin: string | undefined, name: string) =>
    fetch(`${server.url}/api/users/${ann.memberId}`, {
      method: 'PATCH',
      headers: { cookie: ann.cookie, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: JSON.stringify({ name }),
    });

  it('refuses writes from a foreign Origin with 403 and accepts its own or none', async () => {
    const foreign = await patchName('https://evil.example.com', 'Evil');
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'Cross-origin request refused' });
    expect((await ann.get('/api/user')).body.name).not.toBe('Evil');
    // The router decodes '%61pi' to 'api': the same route, so the same check.
    const encoded = await fetch(`${server.url}/%61pi/users/${ann.memberId}`, {
      method: 'PATCH',
      headers: { cookie: ann.cookie, 'content-type': 'application/json', origin: 'https://evil.example.com' },
      body: JSON.stringify({ name: 'Evil' }),
    });
    expect(encoded.status).toBe(403);
    expect((await ann.get('/api/user')).body.name).not.toBe('Evil');

    expect((await patchName(new URL(server.url).origin, 'Ann One')).status).toBe(200);
    expect((await patchName(undefined, 'Ann Two')).status).toBe(200);
    expect((await ann.get('/api/user')).body.name).toBe('Ann Two');
  });

  it('sends security headers with a CSP that allows the app and its websocket', async () => {
    const response = await fetch(`${server.url}/api/health`);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // 'self' covers the same-origin websocket (CSP Level 3); with PUBLIC_URL set its ws origin is named too.
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('reports health without a session', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', eventStore: server.store.kind, database: server.sql.kind });
    expect(body.projections.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['members', 'balances']));
    expect(body.reactors.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['session-follow-ups', 'welcome-bonus']));
    expect(body.reactors.every((r: { status: string }) => r.status !== 'failed')).toBe(true);
  });

  it('serves the OpenAPI docs at /api/docs', async () => {
    const page = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger/i);
    const spec = await (await fetch(`${server.url}/api/docs/json`)).json();
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/user', '/api/users/{id}', '/api/users/{id}/balance']));
    expect(spec.paths['/api/users/{id}'].patch.requestBody).toBeDefined();
  });

  it('answers unknown API routes with a JSON 404, signed in or not', async () => {
    for (const headers of [{}, { cookie: ann.cookie }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/api/no-such-thing`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('serves the client with an SPA fallback and long-cached hashed assets', async () => {
    const page = await fetch(`${server.url}/profile/someone`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');

    const asset = await fetch(`${server.url}/assets/app-1a2b3c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${server.url}/assets/missing-000.js`)).status).toBe(404);
  });
});

// One more server for what needs its own settings; the destructive test runs last.
describe('a server without a built client and with a tight sign-in limit', () => {
  let server: TestServer;
  let bob: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ webDistDir: join(tmpdir(), 'skillswap-no-such-dist'), env: { RATE_LIMIT_AUTH_PER_MINUTE: '5' } });
    bob = await signIn(server.url, 'bob@example.com'); // uses 2 of the 5: /api/login and /api/callback
  });
  afterAll(async () => {
    await server?.close().catch(() => {});
  });

  it('says the client is not built', async () => {
    const page = await fetch(`${server.url}/feed`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('not built');
  });

  it('answers 429 once the sign-in limit is used up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.url}/api/login`, { redirect: 'manual' })).status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    const limited = await fetch(`${server.url}/api/login`, { redirect: 'manual' });
    expect(await limited.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.' });
    // Reads have their own, separate budget.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('answers a 5xx with a generic body and no internals', async () => {
    expect((await bob.get('/api/users')).status).toBe(200);
    // Break a read model underneath the running API.
    await sql`drop table members cascade`.execute(server.sql.db);
    const users = await bob.get('/api/users');
    expect(users.status).toBe(500);
    expect(users.body).toEqual({ error: 'Internal server error' });
  });
});
