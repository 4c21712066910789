// The relying-party side of sign-in (openid-client v6: authorization code + PKCE + state + nonce).
// Works the same against an external provider and the embedded development one.
import * as client from 'openid-client';
import { uuidV5 } from '../../commands/runtime/deterministic-id.js';
import { isLoopbackHost } from '../config.js';
import { DEV_ISSUER_ID } from './dev-provider.js';

export interface OidcClientOptions {
  /** Issuer URL; a function because the development issuer is known only after listen. */
  issuer: () => string;
  clientId: string;
  clientSecret: string;
  /** The embedded development provider: http allowed, stable id namespace, always ask who. */
  development: boolean;
}

export interface SignInClaims {
  sub: string;
  email: string;
  name: string | null;
  issuer: string;
}

export interface OidcClient {
  configuration(): Promise<client.Configuration>;
  /** Parameters added to every authorization request. */
  extraAuthParams: Record<string, string>;
  memberIdFor(claims: Pick<SignInClaims, 'issuer' | 'sub'>): string;
}

/** Member ids are a deterministic UUID v5 of `${issuer}|${sub}` (DESIGN.md §6). */
export const memberIdFor = (issuer: string, sub: string) => uuidV5(`${issuer}|${sub}`);

export const createOidcClient = (opts: OidcClientOptions): OidcClient => {
  let cached: { issuer: string; config: Promise<client.Configuration> } | null = null;
  return {
    configuration() {
      const issuer = opts.issuer();
      if (cached?.issuer !== issuer) {
        const config = client.discovery(new URL(issuer), opts.clientId, opts.clientSecret, undefined, {
          // Plain http only to a provider on this machine (or our own development one): anywhere else it
          // would let the network read the code exchange and forge the provider's answers.
          execute: issuer.startsWith('http:') && (opts.development || isLoopbackHost(new URL(issuer).hostname)) ? [client.allowInsecureRequests] : [],
          timeout: 10,
        });
        cached = { issuer, config };
        // A provider that is down now may be up at the next sign-in: do not cache the failure.
        config.catch(() => {
          if (cached?.config === config) cached = null;
        });
      }
      return cached.config;
    },
    // The development provider keeps its own session; asking every time lets a member sign out and
    // in as somebody else (and login_hint still signs in directly).
    extraAuthParams: opts.development ? { prompt: 'login' } : {},
    memberIdFor: ({ issuer, sub }) => memberIdFor(opts.development ? DEV_ISSUER_ID : issuer, sub),
  };
};

export { client };
