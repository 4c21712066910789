// The signed session cookie (DESIGN.md §6): identity comes from here and nowhere else. It holds
// the member id and e-mail plus its issue time, so an old stolen cookie stops working on its own.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notAuthenticated } from '../http-error.js';

export const SESSION_COOKIE = 'skillswap_session';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface SessionMember {
  memberId: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null. Set for every request before any route hook runs. */
    session: SessionMember | null;
  }
  interface FastifyContextConfig {
    /** Routes under /api that answer without a session (health, login, callback, logout). */
    public?: boolean;
  }
}

interface CookieBody {
  m: string;
  e: string;
  t: number; // issued at, epoch seconds
}

const encode = (member: SessionMember, issuedAt: Date) =>
  Buffer.from(JSON.stringify({ m: member.memberId, e: member.email, t: Math.floor(issuedAt.getTime() / 1000) } satisfies CookieBody)).toString('base64url');

const decode = (value: string, now: Date): SessionMember | null => {
  try {
    const body = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<CookieBody>;
    if (typeof body.m !== 'string' || typeof body.e !== 'string' || typeof body.t !== 'number') return null;
    if (now.getTime() / 1000 - body.t > MAX_AGE_SECONDS) return null;
    return { memberId: body.m, email: body.e };
  } catch {
    return null;
  }
};

// Verifying the signature is an HMAC per request; a member sends the same cookie on every request, so
// the outcome of a successful check is remembered (same input, same answer). Expiry is still checked
// each time by decode. Bounded: the oldest entries go first. Kept per server instance, since each
// server may have its own secret (a cookie valid for one must not skip the check in another).
const verifiedByServer = new WeakMap<object, Map<string, string>>();
const VERIFIED_MAX = 10_000;

const unsignedValue = (request: FastifyRequest, raw: string): string | null => {
  let verified = verifiedByServer.get(request.server);
  if (!verified) verifiedByServer.set(request.server, (verified = new Map()));
  const known = verified.get(raw);
  if (known !== undefined) return known;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(raw, unsigned.value);
  return unsigned.value;
};

export const readSession = (request: FastifyRequest, now: Date): SessionMember | null => {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const value = unsignedValue(request, raw);
  return value === null ? null : decode(value, now);
};

export const setSessionCookie = (reply: FastifyReply, member: SessionMember, options: { secure: boolean; now: Date }) =>
  reply.setCookie(SESSION_COOKIE, encode(member, options.now), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    maxAge: MAX_AGE_SECONDS,
  });

export const clearSessionCookie = (reply: FastifyReply, options: { secure: boolean }) =>
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: options.secure, path: '/' });

/** The signed-in member; throws the 401 for routes that somehow run without the global guard. */
export const currentMember = (request: FastifyRequest): SessionMember => {
  if (!request.session) throw notAuthenticated();
  return request.session;
};

/**
 * Reads the cookie on every request and refuses /api routes without a session unless they are
 * marked `config: { public: true }`: a route someone forgets to protect is protected anyway.
 */
export const registerSession = (app: FastifyInstance, clock: () => Date) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    request.session = readSession(request, clock());
    const route = request.routeOptions;
    // Unknown paths fall through to the 404 handler; the API docs are public.
    if (!route.url?.startsWith('/api/') || route.url.startsWith('/api/docs') || route.config.public) return;
    if (!request.session) throw notAuthenticated();
  });
};
