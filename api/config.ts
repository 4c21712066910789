// Environment configuration (DESIGN.md §2), validated once at start. A bad value stops start-up
// with a message that names the variable, so an operator can fix it without reading code.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { z } from 'zod';
import type { AiPrice } from '../commands/assistant/pricing.js';

/** The repository's version, the default APP_VERSION. */
const packageVersion = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const url = (protocols: string[], example: string) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );

const positiveIntOrOff = (fallback: number) =>
  optionalString
    .refine((v) => v === undefined || /^\d+$/.test(v), { message: 'must be a whole number (0 turns the limit off)' })
    .transform((v) => (v === undefined ? fallback : Number(v)));

const batchesInFlight = optionalString
  .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64), { message: 'must be a whole number from 1 to 64' })
  .transform((v) => (v === undefined ? 1 : Number(v)));
const wholeNumber = (fallback: number, min: number, unit: string) =>
  optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= min), { message: `must be a whole number of ${unit}, at least ${min}` })
    .transform((v) => (v === undefined ? fallback : Number(v)));

const aiPricesSchema = z.record(z.string().min(1), z.object({ input: z.number().nonnegative().finite(), output: z.number().nonnegative().finite() }).strict());
const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
/**
 * Public list prices of common models (USD per 1M tokens, late 2025); AI_PRICES adds to and overrides
 * them. A model in neither, with no "*" entry, is recorded at cost 0 (an own endpoint's model, say).
 */
export const DEFAULT_AI_PRICES: Readonly<Record<string, AiPrice>> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
};

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const envSchema = z.object({
  PORT: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 65535), {
      message: 'must be a whole number from 0 to 65535',
    })
    .transform((v) => (v === undefined ? 3000 : Number(v))),
  HOST: optionalString.transform((v) => v ?? 'localhost'),
  PUBLIC_URL: url(['http:', 'https:'], 'https://skillswap.example.com'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db'),
  EVENTSTORE_URL: url(['esdb:', 'esdb+discover:'], 'esdb://host:2113?tls=false'),
  DATA_DIR: optionalString.transform((v) => v ?? './data'),
  PGLITE_DATA_DIR: optionalString,
  OIDC_ISSUER: url(['http:', 'https:'], 'https://accounts.example.com'),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: optionalString
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((e) => emailPattern.test(e)), { message: 'must be a comma-separated list of e-mail addresses' }),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters long',
  }),
  S3_ENDPOINT: url(['http:', 'https:'], 'http://minio:9000'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: url(['http:', 'https:'], 'https://media.example.com'),
  MEDIA_DIR: optionalString,
  LINK_PREVIEW_ALLOW_HOSTS: optionalString.refine((v) => v === undefined || /^[\w.:[\]-]+(\s*,\s*[\w.:[\]-]+)*$/.test(v), {
    message: 'must be host names or addresses separated by commas (e.g. 127.0.0.1,intranet.example.com)',
  }),
  LINK_PREVIEW_PORTS: optionalString.refine(
    (v) => v === undefined || v === 'any' || (/^\d{1,5}(\s*,\s*\d{1,5})*$/.test(v) && v.split(',').every((p) => Number(p) >= 1 && Number(p) <= 65535)),
    {
      message: 'must be any, or port numbers separated by commas (e.g. 80,443)',
    },
  ),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: url(['http:', 'https:'], 'https://api.openai.com/v1'),
  OPENAI_MODEL: optionalString,
  // Questions a member may ask The S brain per UTC day (decision in docs/decisions.md); 0 refuses every one.
  AI_DAILY_QUOTA: wholeNumber(20, 0, 'questions'),
  AI_PRICES: optionalString.transform((v, ctx) => {
    if (v === undefined) return {};
    const parsed = aiPricesSchema.safeParse(safeJson(v));
    if (parsed.success) return parsed.data;
    ctx.addIssue({
      code: 'custom',
      message: 'must be JSON like {"gpt-4o-mini":{"input":0.15,"output":0.6}}: US dollars per million tokens in and out, per model ("*" for any other)',
    });
    return z.NEVER;
  }),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587'),
  // The sender of outgoing e-mail: an address, or a name and an address in angle brackets.
  SMTP_FROM: optionalString.refine((v) => v === undefined || /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/.test(v), {
    message: 'must be an e-mail address like no-reply@example.com or SkillSwap <no-reply@example.com>',
  }),
  LOG_LEVEL: optionalString.refine((v) => v === undefined || (logLevels as readonly string[]).includes(v), {
    message: `must be one of ${logLevels.join(', ')}`,
  }),
  // true trusts every hop (X-Forwarded-For is then the client's to write); a hop count or the proxies' addresses are safer.
  TRUST_PROXY: optionalString.refine((v) => v === undefined || v === 'true' || v === 'false' || /^\d+$/.test(v) || /^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/.test(v), {
    message: "must be true, false, a number of proxy hops, or the proxies' addresses or CIDR ranges separated by commas",
  }),
  RATE_LIMIT_READ_PER_MINUTE: positiveIntOrOff(1200),
  RATE_LIMIT_WRITE_PER_MINUTE: positiveIntOrOff(240),
  RATE_LIMIT_AUTH_PER_MINUTE: positiveIntOrOff(60),
  ES_APPEND_IN_FLIGHT: batchesInFlight,
  ES_READ_IN_FLIGHT: batchesInFlight,
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: positiveIntOrOff(300),
  // Idle: 7 days without a request; absolute: 30 days after sign-in (decision in docs/decisions.md).
  // At least 5 minutes idle, since a session's last use is written at most once a minute.
  SESSION_IDLE_MINUTES: wholeNumber(7 * 24 * 60, 5, 'minutes'),
  SESSION_MAX_DAYS: wholeNumber(30, 1, 'days'),
  // Raw telemetry rows (page views, interactions, errors, metrics) are deleted this long after they
  // happened; their rollups stay (docs/telemetry.md).
  TELEMETRY_RETENTION_DAYS: wholeNumber(90, 1, 'days'),
  DEV_SIGN_IN: optionalString.refine((v) => v === undefined || v === 'true' || v === 'false', { message: 'must be true or false' }),
  // Whether the web client captures page views and navigations (spec 002 §7); unset: on, except on a development host.
  ANALYTICS: optionalString.refine((v) => v === undefined || v === 'on' || v === 'off', { message: 'must be on or off' }),
  // The bearer token GET /metrics asks for; unset, it answers only direct loopback connections (api/routes/metrics.ts).
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || (v.length >= 16 && /^[\x21-\x7e]+$/.test(v)), {
    message: 'must be at least 16 printable characters without spaces',
  }),
  // Seconds between two stored samples of the server's metrics (decision 319); 0 stores none.
  METRICS_SAMPLE_SECONDS: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 3600), { message: 'must be a whole number of seconds from 0 to 3600 (0 stores no samples)' })
    .transform((v) => (v === undefined ? 30 : Number(v))),
  // When the schedule starts a full ledger audit (api/ledger-audit/schedule.ts): nightly (03:00 UTC), off, or every
  // so many minutes, hours or days (15m, 6h, 1d).
  LEDGER_AUDIT_EVERY: optionalString.refine((v) => v === undefined || v === 'nightly' || v === 'off' || /^[1-9]\d{0,5}[mhd]$/.test(v), {
    message: 'must be nightly, off, or a number of minutes, hours or days such as 30m, 6h or 1d',
  }),
  // The version the error monitor records with each occurrence and a resolution (regressed by version, decision 331).
  APP_VERSION: optionalString.refine((v) => v === undefined || semver.valid(v) !== null, { message: 'must be a semantic version such as 1.4.2' }),
});

/** When the schedule starts a full ledger audit (LEDGER_AUDIT_EVERY). */
export type LedgerAuditSchedule = { kind: 'off' } | { kind: 'nightly' } | { kind: 'every'; ms: number };

const UNIT_MS = { m: 60_000, h: 60 * 60_000, d: 24 * 60 * 60_000 } as const;

const ledgerAuditScheduleOf = (value: string | undefined): LedgerAuditSchedule => {
  if (value === undefined || value === 'nightly') return { kind: 'nightly' };
  if (value === 'off') return { kind: 'off' };
  return { kind: 'every', ms: Number(value.slice(0, -1)) * UNIT_MS[value.at(-1) as keyof typeof UNIT_MS] };
};

export interface AppConfig {
  port: number;
  host: string;
  /** Origin (+ optional path) the browser uses; no trailing slash. */
  publicUrl: string;
  /** True when PUBLIC_URL was not given: it follows the port actually bound (port 0 in tests). */
  publicUrlFromPort: boolean;
  databaseUrl?: string;
  eventStoreUrl?: string;
  dataDir: string;
  /** PGlite's directory when DATABASE_URL is not set: DATA_DIR/pglite, or 'memory' for in-memory. */
  pgliteDataDir: string;
  /** External OpenID Connect provider; absent means the embedded development provider. */
  oidc?: { issuer: string; clientId: string; clientSecret: string };
  /** The embedded development provider runs (no OIDC_* and a loopback address, or DEV_SIGN_IN=true). */
  devSignIn: boolean;
  /** Server-side sign-in sessions end after `idleMs` without a request or `maxAgeMs` after sign-in. */
  sessions: { idleMs: number; maxAgeMs: number };
  adminEmails: string[];
  /** The web client sends analytics events (ANALYTICS; by default on, off when PUBLIC_URL is a development host). */
  analytics: boolean;
  /** Absent until resolveSessionSecret() reads or creates it under dataDir. */
  sessionSecret?: string;
  s3?: { endpoint?: string; bucket: string; region: string; accessKeyId?: string; secretAccessKey?: string; publicUrl?: string };
  /** Media uploads on local disk when S3 is not configured. */
  mediaDir: string;
  /**
   * Link previews (GET /api/og): `allowHosts` are hosts fetched whatever their address (loopback and
   * private included: tests and closed networks only; none by default); `ports` the ports it fetches
   * from ('any', default 80 and 443).
   */
  linkPreview: { allowHosts: string[]; ports: number[] | 'any' };
  /** Any OpenAI-compatible endpoint; absent means the AI assistant is off. */
  openai?: { apiKey?: string; baseUrl: string; model: string };
  /** The S brain's daily questions per member and the price table its calls are costed with. */
  assistant: { dailyQuota: number; prices: Readonly<Record<string, AiPrice>> };
  /** Outgoing e-mail (the admin's test e-mail); absent means e-mail is not configured. */
  smtpUrl?: string;
  /** The From of outgoing e-mail: SMTP_FROM, else no-reply at PUBLIC_URL's host. */
  smtpFrom: string;
  logLevel: (typeof logLevels)[number];
  /** Fastify's trustProxy: false, true (every hop), a hop count, or the proxies' addresses. */
  trustProxy: boolean | number | string;
  /**
   * Requests per minute per member (or IP when signed out); 0 turns a limit off. `anonymous` is per IP
   * for signed-out calls to protected /api routes and to /oidc/* (decision in docs/decisions.md).
   */
  rateLimits: { read: number; write: number; auth: number; anonymous: number };
  /** Days raw telemetry rows are kept (TELEMETRY_RETENTION_DAYS). */
  telemetryRetentionDays: number;
  /** GET /metrics asks for this bearer token when set; else it answers direct loopback connections only (and none behind a proxy). */
  metricsToken?: string;
  /** Between two stored metrics samples, in ms; 0 stores none. */
  metricsSampleMs: number;
  /** APP_VERSION, else package.json's version: recorded with every error occurrence and resolution. */
  appVersion: string;
  /** The SQL event store's group commit: batches of appends and of stream reads out at once (tuning experiments). */
  eventStoreInFlight: { appends: number; reads: number };
  /** When the schedule starts a full ledger audit (LEDGER_AUDIT_EVERY; nightly at 03:00 UTC by default). */
  ledgerAuditEvery: LedgerAuditSchedule;
}

/** localhost, 127.0.0.0/8 and ::1 (URL hostnames keep IPv6 brackets). */
export const isLoopbackHost = (host: string): boolean => {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
};

const trustProxyOf = (value: string | undefined): boolean | number | string => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value.replace(/\s+/g, '');
};

/** A host no visitor uses: a loopback address, `localhost` and its subdomains, or a `.local` / `.test` name. */
export const isDevelopmentHost = (hostname: string): boolean => isLoopbackHost(hostname) || /(^|\.)localhost$|\.local$|\.test$/i.test(hostname.replace(/^\[|\]$/g, ''));

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const loadConfig = (env: Record<string, string | undefined>): AppConfig => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0] ?? 'environment');
        const given = env[name];
        // Secrets are never echoed back, even on a start-up failure.
        const shown = given === undefined || /SECRET|KEY|PASSWORD|TOKEN/.test(name) ? '' : ` (got "${given}")`;
        return `${name} ${i.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];

  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or none, for the built-in development sign-in)');
  }
  const s3Given = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, e.S3_REGION, e.S3_PUBLIC_URL].some((v) => v !== undefined);
  if (s3Given && e.S3_BUCKET === undefined) problems.push('S3_BUCKET must be set when any other S3_* variable is set');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  // The development clock moves time for trying the session lifecycle: `npm run dev` only (scripts/dev-api.ts
  // takes it out of the environment first), never a running platform, where it would move every member's time.
  if (env.DEV_CLOCK_OFFSET !== undefined) problems.push('DEV_CLOCK_OFFSET is for `npm run dev` only: unset it to start the platform');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (e.OIDC_ISSUER !== undefined && e.OIDC_ISSUER.startsWith('http:') && !isLoopbackHost(new URL(e.OIDC_ISSUER).hostname)) {
    problems.push('OIDC_ISSUER must be an https URL (http only for a loopback address such as http://127.0.0.1:8080)');
  }
  // Anyone can sign in as anyone (an admin included) with the development provider: it runs only where
  // nobody else can reach it, or when the operator says so (issue 19 point 2).
  // Behind a proxy a loopback HOST says nothing about who reaches the app, so a proxy needs DEV_SIGN_IN=true too.
  const behindProxy = trustProxyOf(e.TRUST_PROXY) !== false;
  const devSignIn =
    oidcSet === 0 && (e.DEV_SIGN_IN === 'true' || (e.DEV_SIGN_IN === undefined && !behindProxy && isLoopbackHost(new URL(publicUrl).hostname) && isLoopbackHost(e.HOST)));
  if (oidcSet === 0 && !devSignIn) {
    problems.push(
      `no sign-in provider: the built-in development sign-in (anyone signs in as any e-mail) runs only when PUBLIC_URL and HOST are loopback addresses and no TRUST_PROXY is set (PUBLIC_URL is ${publicUrl}, HOST is ${e.HOST}${behindProxy ? `, TRUST_PROXY is ${e.TRUST_PROXY}` : ''})${e.DEV_SIGN_IN === 'false' ? ' and DEV_SIGN_IN is not false' : ''}. ` +
        'Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for a real OpenID Connect provider, or DEV_SIGN_IN=true to run the development sign-in anyway',
    );
  }
  const sessions = { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: e.SESSION_MAX_DAYS * 24 * 60 * 60_000 };
  if (sessions.idleMs > sessions.maxAgeMs) problems.push('SESSION_IDLE_MINUTES must not be longer than SESSION_MAX_DAYS');
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicUrlFromPort: e.PUBLIC_URL === undefined,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    dataDir: e.DATA_DIR,
    pgliteDataDir: e.PGLITE_DATA_DIR ?? `${e.DATA_DIR.replace(/\/+$/, '')}/pglite`,
    oidc: oidcSet === 3 ? { issuer: e.OIDC_ISSUER!, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET! } : undefined,
    devSignIn,
    sessions,
    adminEmails: e.ADMIN_EMAILS,
    analytics: e.ANALYTICS === undefined ? !isDevelopmentHost(new URL(publicUrl).hostname) : e.ANALYTICS === 'on',
    sessionSecret: e.SESSION_SECRET,
    s3:
      e.S3_BUCKET === undefined
        ? undefined
        : {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL,
          },
    mediaDir: e.MEDIA_DIR ?? `${e.DATA_DIR.replace(/\/+$/, '')}/media`,
    linkPreview: {
      allowHosts: (e.LINK_PREVIEW_ALLOW_HOSTS ?? '')
        .split(',')
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[(.*)\]$/, '$1'),
        )
        .filter(Boolean),
      ports: e.LINK_PREVIEW_PORTS === 'any' ? 'any' : (e.LINK_PREVIEW_PORTS ?? '80,443').split(',').map((p) => Number(p.trim())),
    },
    openai:
      e.OPENAI_API_KEY === undefined && e.OPENAI_BASE_URL === undefined
        ? undefined
        : { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1', model: e.OPENAI_MODEL ?? 'gpt-4o-mini' },
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    assistant: { dailyQuota: e.AI_DAILY_QUOTA, prices: { ...DEFAULT_AI_PRICES, ...e.AI_PRICES } },
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? `SkillSwap <no-reply@${new URL(publicUrl).hostname}>`,
    logLevel: (e.LOG_LEVEL as AppConfig['logLevel'] | undefined) ?? 'info',
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    metricsSampleMs: e.METRICS_SAMPLE_SECONDS * 1000,
    appVersion: e.APP_VERSION ?? packageVersion,
    eventStoreInFlight: { appends: e.ES_APPEND_IN_FLIGHT, reads: e.ES_READ_IN_FLIGHT },
    ledgerAuditEvery: ledgerAuditScheduleOf(e.LEDGER_AUDIT_EVERY),
    rateLimits: {
      read: e.RATE_LIMIT_READ_PER_MINUTE,
      write: e.RATE_LIMIT_WRITE_PER_MINUTE,
      auth: e.RATE_LIMIT_AUTH_PER_MINUTE,
      anonymous: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
    },
  };
};
