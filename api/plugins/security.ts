// Security headers, rate limits and the Origin check on writes (DESIGN.md §6).
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { HttpError } from '../http-error.js';
import { s3UploadOriginOf } from '../media/s3-addresses.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const authPaths = new Set(['/api/login', '/api/callback', '/api/logout']);

const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

type LimitClass = 'read' | 'write' | 'auth' | 'none';

/**
 * The path as the router saw it: the matched route's pattern, else the decoded URL path. The raw
 * `request.url` is not enough: the router decodes '/%61pi/users/x' into the '/api/users/:id' route,
 * which a check of the raw text would take for a path outside /api.
 */
const routedPath = (request: FastifyRequest): string => {
  const route = request.routeOptions.url;
  if (route) return route;
  const raw = request.url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

const limitClass = (request: FastifyRequest): LimitClass => {
  const path = routedPath(request);
  if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return 'none';
  if (authPaths.has(path)) return 'auth';
  return safeMethods.has(request.method) ? 'read' : 'write';
};

/** Runs helmet once against a stand-in response and keeps the headers it sets. */
export const computeHelmetHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as never, response as never, (error?: unknown) => void (failure = error));
  if (failure) throw failure;
  return headers;
};

/** Signed-out calls that spend the per-IP anonymous budget: protected /api routes (and unknown ones) and the provider. */
const isAnonymousLimited = async (request: FastifyRequest, hasSession: (request: FastifyRequest) => Promise<boolean>): Promise<boolean> => {
  const path = routedPath(request);
  if (path.startsWith('/oidc/')) return true;
  if (!path.startsWith('/api/') || path.startsWith('/api/docs') || authPaths.has(path)) return false;
  if (request.routeOptions.config?.public) return false;
  return !(await hasSession(request));
};

export interface SecurityOptions {
  publicUrl: () => string;
  /**
   * Whether the request carries a valid session. The anonymous limit runs before the session hook,
   * whose 401 would otherwise answer first and never be counted.
   */
  hasSession: (request: FastifyRequest) => Promise<boolean>;
}

export const registerSecurity = async (app: FastifyInstance, config: AppConfig, { publicUrl, hasSession }: SecurityOptions) => {
  const https = config.publicUrl.startsWith('https:');
  // Every directive is a plain string, so helmet builds the header once instead of on every request.
  // 'self' covers same-origin websockets (CSP Level 3); a configured PUBLIC_URL is named explicitly too.
  const wsOrigins = config.publicUrlFromPort ? [] : [new URL(config.publicUrl).origin.replace(/^http/, 'ws')];

  const securityHeaders = computeHelmetHeaders({
    // The built React app is same-origin scripts only; styles may be inline (Radix positions
    // popovers with style attributes); images and media may come from S3 or avatars elsewhere.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...wsOrigins, ...(config.s3 ? [s3UploadOriginOf(config.s3)] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading on plain-http development would break every sub-resource.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
  });
  // One object set per request instead of helmet's middleware chain of raw setHeader calls (each
  // validated by Node): the headers are the same for every response, so they are computed once.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders);
  });

  const limits = config.rateLimits;
  const maxFor = (cls: LimitClass) => (cls === 'none' ? 0 : limits[cls]);
  // Signed-in traffic: per member by class, as before.
  // With every limit off (tests, benches) the plugin would only spend time deciding to let requests by.
  if (limits.read > 0 || limits.write > 0 || limits.auth > 0 || limits.anonymous > 0)
    await app.register(rateLimit, {
      global: true,
      timeWindow: '1 minute',
      max: (request) => maxFor(limitClass(request)) || 1,
      allowList: (request) => maxFor(limitClass(request)) === 0,
      // Signed-in members are counted by member so a shared office IP does not throttle everyone.
      keyGenerator: (request) => `${limitClass(request)}:${request.session?.memberId ?? request.ip}`,
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
    });
  if (limits.anonymous > 0) {
    // One budget per IP, generous enough for a shared address signing in (a sign-in makes about six
    // calls to /oidc/*). createRateLimit counts without marking the request, so a route's own limit
    // still runs for what passes here.
    const anonymous = app.createRateLimit({
      max: limits.anonymous,
      timeWindow: 60_000,
      keyGenerator: (request) => `anonymous:${request.ip}`,
      allowList: () => false, // not the signed-in classes' list, which it would inherit
    });
    app.addHook('onRequest', async (request) => {
      if (!(await isAnonymousLimited(request, hasSession))) return;
      const counted = await anonymous(request);
      if (!counted.isAllowed && counted.isExceeded) throw new HttpError(429, TOO_MANY_REQUESTS);
    });
  }

  // Browsers always send Origin on cross-site writes and websocket handshakes; scripts may omit it.
  app.addHook('onRequest', async (request) => {
    const path = routedPath(request);
    const isWrite = path.startsWith('/api/') && !safeMethods.has(request.method);
    const isSocket = path === '/ws';
    if (!isWrite && !isSocket) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const allowed = [new URL(publicUrl()).origin, `${request.protocol}://${request.host}`];
    if (!allowed.includes(origin)) throw new HttpError(403, 'Cross-origin request refused');
  });
};
