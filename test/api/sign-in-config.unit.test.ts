// Safe sign-in defaults (issue 19 point 2) and session lifetimes (point 1) as the configuration reads
// them: the development sign-in only on loopback addresses or with DEV_SIGN_IN=true, plain http only to
// a loopback issuer, lifetimes validated.
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from '../../api/config.js';
import { problemsOf } from '../support/config-problems.js';

const oidc = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's3cret' };

describe('the development sign-in', () => {
  it('runs on loopback addresses without being asked', () => {
    expect(loadConfig({}).devSignIn).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.7:3000', HOST: '127.0.0.1' }).devSignIn).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:3000', HOST: '::1' }).devSignIn).toBe(true);
  });

  it('refuses to start on a public address, naming both ways out', () => {
    const publicOnes: Record<string, string>[] = [{ PUBLIC_URL: 'https://skillswap.example.com' }, { HOST: '0.0.0.0' }, { PUBLIC_URL: 'http://192.0.2.10:3000' }];
    for (const env of publicOnes) {
      const message = problemsOf(env);
      expect(message).toMatch(/no sign-in provider/);
      expect(message).toMatch(/Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
      expect(message).toMatch(/DEV_SIGN_IN=true/);
    }
  });

  it('needs DEV_SIGN_IN=true behind a proxy, which brings outside traffic to a loopback address', () => {
    expect(problemsOf({ HOST: '127.0.0.1', TRUST_PROXY: '1' })).toMatch(/no TRUST_PROXY is set.*TRUST_PROXY is 1/s);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toMatch(/DEV_SIGN_IN=true/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).devSignIn).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1', DEV_SIGN_IN: 'true' }).devSignIn).toBe(true);
  });

  it("reads TRUST_PROXY as all, a hop count or the proxies' addresses", () => {
    const behind = (TRUST_PROXY: string) => loadConfig({ ...oidc, TRUST_PROXY }).trustProxy;
    expect(behind('false')).toBe(false);
    expect(behind('true')).toBe(true);
    expect(behind('2')).toBe(2);
    expect(behind('10.0.0.1, 192.168.0.0/16')).toBe('10.0.0.1,192.168.0.0/16');
    expect(problemsOf({ ...oidc, TRUST_PROXY: 'yes please' })).toMatch(/TRUST_PROXY must be true, false, a number of proxy hops/);
  });

  it('runs anywhere with DEV_SIGN_IN=true, and nowhere with DEV_SIGN_IN=false', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://skillswap.example.com', HOST: '0.0.0.0', DEV_SIGN_IN: 'true' }).devSignIn).toBe(true);
    expect(problemsOf({ DEV_SIGN_IN: 'false' })).toMatch(/DEV_SIGN_IN is not false/);
    expect(problemsOf({ DEV_SIGN_IN: 'yes' })).toMatch(/DEV_SIGN_IN must be true or false/);
  });

  it('is off when a real provider is configured', () => {
    const config = loadConfig({ ...oidc, PUBLIC_URL: 'https://skillswap.example.com' });
    expect(config.devSignIn).toBe(false);
    expect(config.oidc).toEqual({ issuer: 'https://id.example.com', clientId: 'app', clientSecret: 's3cret' });
  });

  it('accepts a plain-http issuer only on a loopback address', () => {
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    expect(problemsOf({ ...oidc, OIDC_ISSUER: 'http://id.example.com' })).toMatch(/OIDC_ISSUER must be an https URL/);
  });

  it('knows loopback addresses', () => {
    expect(['localhost', '127.0.0.1', '127.255.0.9', '::1', '[::1]', 'app.localhost'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '', '192.0.2.1', 'example.com', '128.0.0.1', 'localhost.example.com'].some(isLoopbackHost)).toBe(false);
  });
});

describe('session lifetimes', () => {
  it('default to 7 days idle and 30 days in all', () => {
    expect(loadConfig({}).sessions).toEqual({ idleMs: 7 * 24 * 60 * 60_000, maxAgeMs: 30 * 24 * 60 * 60_000 });
  });

  it('read SESSION_IDLE_MINUTES and SESSION_MAX_DAYS', () => {
    expect(loadConfig({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_DAYS: '2' }).sessions).toEqual({ idleMs: 30 * 60_000, maxAgeMs: 2 * 24 * 60 * 60_000 });
  });

  it('refuse values that are not whole numbers, too short, or an idle time longer than the whole', () => {
    expect(problemsOf({ SESSION_IDLE_MINUTES: '2' })).toMatch(/SESSION_IDLE_MINUTES must be a whole number of minutes, at least 5 \(got "2"\)/);
    expect(problemsOf({ SESSION_MAX_DAYS: '1.5' })).toMatch(/SESSION_MAX_DAYS must be a whole number of days, at least 1/);
    expect(problemsOf({ SESSION_MAX_DAYS: '0' })).toMatch(/SESSION_MAX_DAYS must be a whole number of days, at least 1/);
    expect(problemsOf({ SESSION_IDLE_MINUTES: '2000', SESSION_MAX_DAYS: '1' })).toMatch(/SESSION_IDLE_MINUTES must not be longer than SESSION_MAX_DAYS/);
  });
});
