// A bad environment stops start-up before anything opens, with a message naming the variable; the
// development sign-in starts only where nobody else reaches it, or when DEV_SIGN_IN=true says so.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../api/main.js';
import { CookieJar } from '../support/cookie-jar.js';
import { signIn, startTestServer } from '../support/test-server.js';

describe('start-up', () => {
  it('rejects a bad value in-process with a ConfigError naming it', async () => {
    await expect(startServer({ PORT: 'abc', PGLITE_DATA_DIR: 'memory' })).rejects.toThrow(/PORT must be a whole number/);
  });

  it('exits with status 1 and a clear message when run from the command line', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: { ...process.env, PORT: '3201', OIDC_ISSUER: 'not a url', PGLITE_DATA_DIR: 'memory' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/SkillSwap cannot start\. Invalid configuration:/);
    expect(result.stderr).toMatch(/OIDC_ISSUER must be a URL like https:\/\/accounts\.example\.com \(got "not a url"\)/);
  });

  it('refuses to start the development sign-in on a public address, naming both ways out', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: { ...process.env, PORT: '3202', PUBLIC_URL: 'https://skillswap.example.com', PGLITE_DATA_DIR: 'memory' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/SkillSwap cannot start\. Invalid configuration:/);
    expect(result.stderr).toMatch(
      /runs only when PUBLIC_URL and HOST are loopback addresses and no TRUST_PROXY is set \(PUBLIC_URL is https:\/\/skillswap\.example\.com/,
    );
    expect(result.stderr).toMatch(/Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for a real OpenID Connect provider, or DEV_SIGN_IN=true/);
  });

  it('refuses a server listening on every interface as well, unless DEV_SIGN_IN=true; then members sign in on a form that says it is for development', async () => {
    await expect(startTestServer({ env: { HOST: '0.0.0.0' } })).rejects.toThrow(/no sign-in provider/);

    const server = await startTestServer({ env: { HOST: '0.0.0.0', DEV_SIGN_IN: 'true' } });
    try {
      const ann = await signIn(server.url, 'ann@example.com', 'Ann');
      expect((await ann.get('/api/user')).body).toMatchObject({ email: 'ann@example.com', name: 'Ann' });
      // Without login_hint the flow stops at the provider's form.
      const jar = new CookieJar();
      let response = await fetch(`${server.url}/api/login`, { redirect: 'manual' });
      while (response.status >= 300 && response.status < 400) {
        jar.store(response);
        response = await fetch(new URL(response.headers.get('location')!, server.url), { redirect: 'manual', headers: { cookie: jar.header() } });
      }
      expect(await response.text()).toMatch(/For development only\.<\/strong> This built-in sign-in lets anyone sign in as any e-mail address/);
    } finally {
      await server.close();
    }
  });

  it('with DEV_SIGN_IN=true serves the development provider under an https PUBLIC_URL too', async () => {
    const server = await startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: 'memory',
      DATA_DIR: '/tmp/skillswap-start-up',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://skillswap.example.com',
      DEV_SIGN_IN: 'true',
      LOG_LEVEL: 'warn',
    });
    try {
      const discovery = await server.app.inject({ url: '/oidc/.well-known/openid-configuration' });
      expect(discovery.statusCode).toBe(200);
      expect(discovery.json()).toMatchObject({ issuer: 'https://skillswap.example.com/oidc' });
    } finally {
      await server.close();
    }
  });
});
