// Environment validation (DESIGN.md §2): defaults for a fresh machine, and a bad value named.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.js';
import { problemsOf } from '../support/config-problems.js';
import { resolveSessionSecret } from '../../api/session-secret.js';

describe('loadConfig', () => {
  it('runs on embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      publicUrlFromPort: true,
      dataDir: './data',
      pgliteDataDir: './data/pglite',
      adminEmails: [],
      logLevel: 'info',
      rateLimits: { read: 1200, write: 240, auth: 60, anonymous: 300 },
      eventStoreInFlight: { appends: 1, reads: 1 },
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    expect(config.openai).toBeUndefined();
  });

  it('reads the full configuration', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://skillswap.example.com/',
      DATABASE_URL: 'postgres://u@db:5432/app',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'app',
      OIDC_CLIENT_SECRET: 's3cret',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      S3_BUCKET: 'media',
      OPENAI_BASE_URL: 'http://llm.local/v1',
      RATE_LIMIT_READ_PER_MINUTE: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://skillswap.example.com',
      publicUrlFromPort: false,
      databaseUrl: 'postgres://u@db:5432/app',
      oidc: { issuer: 'https://id.example.com', clientId: 'app', clientSecret: 's3cret' },
      adminEmails: ['boss@example.com', 'ops@example.com'],
      s3: { bucket: 'media', region: 'us-east-1' },
      openai: { baseUrl: 'http://llm.local/v1', model: 'gpt-4o-mini' },
      rateLimits: { read: 0, write: 240, auth: 60, anonymous: 300 },
    });
  });

  it('captures analytics by default except on a development host, and takes ANALYTICS=on or off', () => {
    const real = { OIDC_ISSUER: 'https://accounts.example.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
    expect(loadConfig({}).analytics).toBe(false);
    expect(loadConfig({ ...real, PUBLIC_URL: 'https://skillswap.example.com' }).analytics).toBe(true);
    expect(loadConfig({ ...real, PUBLIC_URL: 'https://skillswap.local' }).analytics).toBe(false);
    expect(loadConfig({ ANALYTICS: 'on' }).analytics).toBe(true);
    expect(loadConfig({ ...real, PUBLIC_URL: 'https://skillswap.example.com', ANALYTICS: 'off' }).analytics).toBe(false);
    expect(() => loadConfig({ ANALYTICS: 'yes' })).toThrow('ANALYTICS must be on or off (got "yes")');
  });

  it('names the variable and the bad value', () => {
    expect(problemsOf({ PORT: 'abc' })).toMatch(/PORT must be a whole number from 0 to 65535 \(got "abc"\)/);
    expect(problemsOf({ PUBLIC_URL: 'localhost:3000' })).toMatch(/PUBLIC_URL must be a URL/);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toMatch(/DATABASE_URL must be a URL like postgres:/);
    expect(problemsOf({ ADMIN_EMAILS: 'boss' })).toMatch(/ADMIN_EMAILS must be a comma-separated list of e-mail addresses/);
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toMatch(/LOG_LEVEL must be one of/);
    expect(problemsOf({ RATE_LIMIT_WRITE_PER_MINUTE: '-1' })).toMatch(/RATE_LIMIT_WRITE_PER_MINUTE must be a whole number/);
  });

  it('validates the event store group commit settings with the rest', () => {
    expect(loadConfig({ ES_APPEND_IN_FLIGHT: '3', ES_READ_IN_FLIGHT: ' 2 ' }).eventStoreInFlight).toEqual({ appends: 3, reads: 2 });
    expect(problemsOf({ ES_APPEND_IN_FLIGHT: 'two' })).toMatch(/ES_APPEND_IN_FLIGHT must be a whole number from 1 to 64 \(got "two"\)/);
    expect(problemsOf({ ES_APPEND_IN_FLIGHT: '0' })).toMatch(/ES_APPEND_IN_FLIGHT must be a whole number from 1 to 64/);
    expect(problemsOf({ ES_READ_IN_FLIGHT: '-1' })).toMatch(/ES_READ_IN_FLIGHT must be a whole number from 1 to 64/);
    expect(problemsOf({ ES_READ_IN_FLIGHT: '1.5' })).toMatch(/ES_READ_IN_FLIGHT must be a whole number from 1 to 64/);
  });

  it('reads outgoing e-mail: SMTP_URL and its sender, by default no-reply at the public host', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://skillswap.example.com', DEV_SIGN_IN: 'true' }).smtpFrom).toBe('SkillSwap <no-reply@skillswap.example.com>');
    const config = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', SMTP_FROM: 'Ops <ops@example.com>' });
    expect(config).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', smtpFrom: 'Ops <ops@example.com>' });
    expect(problemsOf({ SMTP_URL: 'http://mail.example.com' })).toMatch(/SMTP_URL must be a URL like smtp:/);
    expect(problemsOf({ SMTP_FROM: 'not an address' })).toMatch(/SMTP_FROM must be an e-mail address/);
    expect(problemsOf({ SMTP_FROM: 'Ops <ops@example.com' })).toMatch(/SMTP_FROM must be an e-mail address/);
  });

  it('never echoes a secret back', () => {
    const message = problemsOf({ SESSION_SECRET: 'short-secret' });
    expect(message).toMatch(/SESSION_SECRET must be at least 32 characters/);
    expect(message).not.toContain('short-secret');
  });

  it('reads the metrics settings: no token and a sample every 30 s by default, a token never echoed back', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsSampleMs: 30_000 });
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-metrics-token', METRICS_SAMPLE_SECONDS: '0' })).toMatchObject({
      metricsToken: 'a-long-enough-metrics-token',
      metricsSampleMs: 0,
    });
    const short = problemsOf({ METRICS_TOKEN: 'tiny-token' });
    expect(short).toMatch(/METRICS_TOKEN must be at least 16 printable characters without spaces/);
    expect(short).not.toContain('tiny-token');
    expect(problemsOf({ METRICS_SAMPLE_SECONDS: '3601' })).toMatch(/METRICS_SAMPLE_SECONDS must be a whole number of seconds from 0 to 3600/);
    expect(problemsOf({ METRICS_SAMPLE_SECONDS: '1.5' })).toMatch(/METRICS_SAMPLE_SECONDS must be a whole number/);
  });

  it('reads when the schedule starts a full ledger audit: nightly by default, off, or every so many minutes, hours or days', () => {
    expect(loadConfig({}).ledgerAuditEvery).toEqual({ kind: 'nightly' });
    expect(loadConfig({ LEDGER_AUDIT_EVERY: 'off' }).ledgerAuditEvery).toEqual({ kind: 'off' });
    expect(loadConfig({ LEDGER_AUDIT_EVERY: '30m' }).ledgerAuditEvery).toEqual({ kind: 'every', ms: 30 * 60_000 });
    expect(loadConfig({ LEDGER_AUDIT_EVERY: '6h' }).ledgerAuditEvery).toEqual({ kind: 'every', ms: 6 * 3_600_000 });
    expect(loadConfig({ LEDGER_AUDIT_EVERY: '2d' }).ledgerAuditEvery).toEqual({ kind: 'every', ms: 2 * 86_400_000 });
    for (const bad of ['0m', 'weekly', '1.5h', '-1d'])
      expect(problemsOf({ LEDGER_AUDIT_EVERY: bad })).toMatch(/LEDGER_AUDIT_EVERY must be nightly, off, or a number of minutes, hours or days/);
  });

  it('wants the three OIDC variables together', () => {
    expect(problemsOf({ OIDC_ISSUER: 'https://id.example.com' })).toMatch(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together/);
  });

  it('wants a bucket when S3 is configured', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toMatch(/S3_BUCKET must be set/);
  });
});

describe('resolveSessionSecret', () => {
  it('generates a secret once and keeps it across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'skillswap-secret-'));
    try {
      const first = await resolveSessionSecret({ dataDir: join(dataDir, 'nested') });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await resolveSessionSecret({ dataDir: join(dataDir, 'nested') })).toBe(first);
      expect((await readFile(join(dataDir, 'nested', 'session-secret'), 'utf8')).trim()).toBe(first);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('prefers SESSION_SECRET when given', async () => {
    expect(await resolveSessionSecret({ sessionSecret: 'x'.repeat(40), dataDir: '/nonexistent' })).toBe('x'.repeat(40));
  });
});
