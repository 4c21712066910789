// The session cookie (DESIGN.md §6): identity comes from here and nowhere else. The cookie holds a
// signed random id; the server-side record behind it (auth/session-store.ts) says who is signed in, so
// signing out, "sign out everywhere" and the idle and absolute lifetimes end it on the server.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionKeyOf, type SessionMember, type SessionStore } from '../auth/session-store.js';
import { notAuthenticated } from '../http-error.js';

export const SESSION_COOKIE = 'skillswap_session';
export type { SessionMember };

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

// Verifying the signature is an HMAC per request, and the record's key a hash; a member sends the same
// cookie on every request, so both are remembered per cookie value (same input, same answer). Bounded:
// the oldest entries go first. Kept per server instance, since each server may have its own secret (a
// cookie valid for one must not skip the check in another).
const keysByServer = new WeakMap<object, Map<string, string>>();
const KEYS_MAX = 10_000;

/** The id in a correctly signed session cookie, or null (bench/request-session.ts checks cookies with it too). */
export const readSessionId = (request: FastifyRequest): string | null => {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
};

/** The record's key of the request's cookie, or null when there is no validly signed one. */
export const readSessionKey = (request: FastifyRequest): string | null => {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  let keys = keysByServer.get(request.server);
  if (!keys) keysByServer.set(request.server, (keys = new Map()));
  const known = keys.get(raw);
  if (known !== undefined) return known;
  const id = readSessionId(request);
  if (id === null) return null;
  const key = sessionKeyOf(id);
  if (keys.size >= KEYS_MAX) keys.delete(keys.keys().next().value!);
  keys.set(raw, key);
  return key;
};

export const setSessionCookie = (reply: FastifyReply, id: string, options: { secure: boolean; maxAgeMs: number }) =>
  reply.setCookie(SESSION_COOKIE, id, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    maxAge: Math.floor(options.maxAgeMs / 1000),
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
export const registerSession = (app: FastifyInstance, sessions: SessionStore) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const key = readSessionKey(request);
    request.session = key === null ? null : await sessions.find(key);
    const route = request.routeOptions;
    // Unknown paths fall through to the 404 handler; the API docs are public.
    if (!route.url?.startsWith('/api/') || route.url.startsWith('/api/docs') || route.config.public) return;
    if (!request.session) throw notAuthenticated();
  });
};
