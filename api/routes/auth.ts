// Sign-in (DESIGN.md §6): /api/login -> provider -> /api/callback -> a new server-side session and its
// cookie; /api/logout ends this browser's session, POST /api/logout/everywhere every session of the member.
// Every sign-in failure ends on /auth-error with a readable message.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { claimsEmail, registerMember } from '../../commands/members.js';
import { findMemberByEmail, getMember } from '../../projections/members/queries.js';
import { client, type OidcClient } from '../auth/oidc-client.js';
import { readSignInClaims } from '../auth/sign-in-claims.js';
import type { SessionStore } from '../auth/session-store.js';
import type { Telemetry } from '../../telemetry/types.js';
import { SIGN_OUT_EVERYWHERE_PATH, signedOutEverywhereSchema } from '../contracts/auth.js';
import { errorBodySchema } from '../contracts/members.js';
import type { AppDeps } from '../deps.js';
import { clearSessionCookie, currentMember, readSessionKey, setSessionCookie } from '../plugins/session.js';

const PENDING_COOKIE = 'skillswap_signin';
const PENDING_MAX_AGE_SECONDS = 10 * 60;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string | null;
  timeZone: string | null;
}

/** Only same-site paths, so /api/login cannot be turned into an open redirect. */
export const safeReturnTo = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 2000) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this test rejects
  if (!/^\/(?![/\\])/.test(value) || /[\u0000-\u001f]/.test(value) || value.startsWith('/api/')) return null;
  return value;
};

const validTimeZone = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value;
  } catch {
    return null;
  }
};

const readableFailure = (error: unknown): string => {
  if (error instanceof client.AuthorizationResponseError) {
    if (error.error === 'access_denied') return 'Sign-in was cancelled.';
    return error.error_description ?? 'The sign-in provider refused the request. Please try again.';
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return 'The sign-in provider could not be reached. Please try again.';
  return 'Authentication failed. Please try again.';
};

export interface AuthRoutesOptions {
  deps: AppDeps;
  oidc: OidcClient;
  sessions: SessionStore;
  publicUrl: () => string;
  secureCookies: boolean;
  /** Where a sign-in is recorded for the Live Activity: an observation, not a decision (docs/telemetry.md). */
  telemetry: Pick<Telemetry, 'record'>;
}

export const authRoutes = async (app: FastifyInstance, opts: AuthRoutesOptions) => {
  const { deps, oidc, sessions, publicUrl, secureCookies, telemetry } = opts;
  const cookieOptions = { signed: true, httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/api/callback' } as const;
  const route = { config: { public: true }, schema: { hide: true } };

  const failTo = (reply: FastifyReply, message: string) => reply.redirect(`/auth-error?message=${encodeURIComponent(message)}`);

  app.get('/api/login', route, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    try {
      const config = await oidc.configuration();
      const pending: PendingSignIn = {
        verifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
        returnTo: safeReturnTo(query.returnTo),
        timeZone: validTimeZone(query.timeZone),
      };
      const loginHint = typeof query.login_hint === 'string' && query.login_hint.length <= 254 ? query.login_hint : null;
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: `${publicUrl()}/api/callback`,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        ...oidc.extraAuthParams,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      reply.setCookie(PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
        ...cookieOptions,
        maxAge: PENDING_MAX_AGE_SECONDS,
      });
      return reply.redirect(url.href);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in could not start');
      return failTo(reply, readableFailure(error));
    }
  });

  const readPending = (request: FastifyRequest): PendingSignIn | null => {
    const raw = request.cookies[PENDING_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    try {
      return JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as PendingSignIn;
    } catch {
      return null;
    }
  };

  app.get('/api/callback', route, async (request, reply) => {
    const pending = readPending(request);
    reply.clearCookie(PENDING_COOKIE, cookieOptions);
    if (!pending) return failTo(reply, 'Your sign-in expired or was started in another browser. Please try again.');
    try {
      const config = await oidc.configuration();
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const tokens = await client.authorizationCodeGrant(config, new URL(`${publicUrl()}/api/callback${search}`), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const { issuer, sub, email, emailVerified, name } = await readSignInClaims(config, tokens);
      if (!email || !emailPattern.test(email)) {
        return failTo(reply, 'Your sign-in provider did not share an e-mail address, which SkillSwap needs.');
      }

      const memberId = oidc.memberIdFor({ issuer, sub });
      const db = deps.sql.db;
      if (!(await getMember(db, memberId))) {
        const other = await findMemberByEmail(db, email);
        // An unverified e-mail never takes an address in use, nor keeps a verified owner out (decision 76).
        if (other && other.id !== memberId && (!emailVerified || (await claimsEmail(deps.commands, other.id)))) return reply.redirect('/account-exists');
      }
      const now = deps.clock();
      const result = await registerMember(deps.commands, {
        memberId,
        email,
        emailVerified,
        name: name ?? '',
        timeZone: pending.timeZone ?? 'UTC',
        now: now.toISOString(),
      });
      // The first page after sign-in must see the member and the bonus: the member's next requests wait
      // for the read models. A slow projection is not a failed sign-in; the client retries /api/user on 401.
      void reply.afterWrite(result, [memberId]);
      // A new id at every sign-in; the session this browser had before ends (no fixation, no leftovers).
      const previous = readSessionKey(request);
      if (previous !== null) await sessions.revoke(previous);
      const session = await sessions.create({ memberId, email, emailVerified });
      setSessionCookie(reply, session.id, { secure: secureCookies, maxAgeMs: deps.config.sessions.maxAgeMs });
      const landsOn = pending.returnTo ?? '/feed';
      // Not awaited: a sign-in never waits for, nor fails with, its record in the Live Activity.
      telemetry.record({ signIns: [{ occurredAt: now, memberId, path: landsOn }] }).catch((error: unknown) => request.log.warn({ err: error }, 'sign-in not recorded'));
      return reply.redirect(landsOn);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in failed');
      return failTo(reply, readableFailure(error));
    }
  });

  // Public: a cookie whose session already ended still gets cleared.
  app.get('/api/logout', route, async (request, reply) => {
    const key = readSessionKey(request);
    if (key !== null) await sessions.revoke(key);
    clearSessionCookie(reply, { secure: secureCookies });
    return reply.redirect('/');
  });

  app.post(
    SIGN_OUT_EVERYWHERE_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere: ends every session of the signed-in member, this one included',
        response: { 200: signedOutEverywhereSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const revoked = await sessions.revokeAll(currentMember(request).memberId);
      clearSessionCookie(reply, { secure: secureCookies });
      return { revoked };
    },
  );
};
