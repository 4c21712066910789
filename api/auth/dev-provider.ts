// The embedded development OpenID Connect provider (DESIGN.md §2, §6), mounted under /oidc when no
// OIDC_ISSUER is configured. Any e-mail signs in; `login_hint=<email>` skips the form so scripts and
// tests sign in by following redirects. State lives in memory: one process, development only.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { createMemoryAdapterFactory } from './memory-adapter.js';
import { messagePage, signInPage } from './dev-sign-in-page.js';
import { loadProviderContext, releasingContext } from './provider-context.js';

export const OIDC_MOUNT = '/oidc';
export const DEV_CLIENT_ID = 'skillswap-web';
/**
 * Member ids derive from `${issuer}|${sub}`. The development issuer URL changes with the port (and
 * the Vite proxy), so its ids use this stable name instead: the same e-mail stays the same member.
 */
export const DEV_ISSUER_ID = 'urn:skillswap:dev-oidc';

export const devIssuerUrl = (publicUrl: string) => `${publicUrl}${OIDC_MOUNT}`;

export interface DevProviderOptions {
  publicUrl: () => string;
  clientSecret: string;
  cookieSecret: string;
}

interface Account {
  email: string;
  name: string;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const normalizeEmail = (value: unknown) => {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return emailPattern.test(email) && email.length <= 254 ? email : null;
};
const nameFromEmail = (email: string) => email.split('@')[0] ?? email;

// oidc-provider warns at import that it prefers Node 22; the project targets Node 20 on purpose,
// so that one line is dropped. Imported lazily: deployments with a real provider never load it.
const loadProvider = async (): Promise<typeof Provider> => {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
};

const createProvider = (ProviderClass: typeof Provider, publicUrl: string, opts: DevProviderOptions, accounts: Map<string, Account>) => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const provider = new ProviderClass(devIssuerUrl(publicUrl), {
    adapter: createMemoryAdapterFactory(),
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: opts.clientSecret,
        redirect_uris: [`${publicUrl}/api/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [opts.cookieSecret] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The app reads e-mail and name from the ID token; no userinfo round trip.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub) ?? { email: sub, name: nameFromEmail(sub) };
      return { accountId: sub, claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }) };
    },
    // SkillSwap is the only client: consent is implied, so grant the scopes without a screen.
    loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId: string } } }) => {
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx: { type: string; body: string }, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in problem', out.error_description ?? out.error ?? 'Something went wrong.', { href: '/', text: 'Back to SkillSwap' });
    },
  });
  provider.proxy = true;
  return provider;
};

export const devProviderRoutes = async (app: FastifyInstance, opts: DevProviderOptions) => {
  const ProviderClass = await loadProvider();
  await loadProviderContext();
  const accounts = new Map<string, Account>();
  // Created on first use: with PORT=0 the public URL (and so the issuer) is known only after listen.
  let current: { url: string; provider: Provider; handler: (req: IncomingMessage, res: ServerResponse) => void } | null = null;
  const instance = () => {
    const url = opts.publicUrl();
    if (current?.url !== url) {
      const created = createProvider(ProviderClass, url, opts, accounts);
      current = { url, provider: created, handler: releasingContext(created.callback()) };
    }
    return current;
  };
  const provider = () => instance().provider;

  const expired = (reply: FastifyReply) =>
    reply
      .code(400)
      .type('text/html')
      .send(messagePage('Sign-in expired', 'This sign-in page has expired or was opened in another browser.', { href: '/api/login', text: 'Start again' }));

  const finishLogin = async (request: FastifyRequest, reply: FastifyReply, account: Account) => {
    accounts.set(account.email, account);
    reply.hijack();
    try {
      await provider().interactionFinished(request.raw, reply.raw, { login: { accountId: account.email } }, { mergeWithLastSubmission: false });
    } catch (error) {
      request.log.warn({ err: error }, 'development sign-in could not finish');
      reply.raw.writeHead(303, { Location: '/auth-error?message=' + encodeURIComponent('Sign-in expired. Please try again.') }).end();
    }
  };

  // Interaction pages: a form body parser of their own; the provider below needs raw bodies.
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.get<{ Params: { uid: string } }>(`${OIDC_MOUNT}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const details = await provider()
        .interactionDetails(request.raw, reply.raw)
        .catch(() => null);
      if (!details || details.uid !== request.params.uid) return expired(reply);
      const hinted = normalizeEmail(details.params.login_hint);
      if (hinted) return finishLogin(request, reply, accounts.get(hinted) ?? { email: hinted, name: nameFromEmail(hinted) });
      return reply.type('text/html').send(signInPage({ action: `${OIDC_MOUNT}/interaction/${details.uid}/login` }));
    });
    scope.post<{ Params: { uid: string }; Body: Record<string, string | undefined> }>(
      `${OIDC_MOUNT}/interaction/:uid/login`,
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await provider()
          .interactionDetails(request.raw, reply.raw)
          .catch(() => null);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        const body = request.body ?? {};
        const email = normalizeEmail(body.email);
        const name = (body.name ?? '').trim().slice(0, 100);
        if (!email) {
          const action = `${OIDC_MOUNT}/interaction/${details.uid}/login`;
          return reply
            .code(400)
            .type('text/html')
            .send(signInPage({ action, email: body.email, name, error: 'Please enter a valid e-mail address.' }));
        }
        return finishLogin(request, reply, { email, name: name || accounts.get(email)?.name || nameFromEmail(email) });
      },
    );
  });

  // Everything else under /oidc is the provider itself (discovery, auth, token, jwks).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${OIDC_MOUNT}/*`, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OIDC_MOUNT.length) || '/';
      instance().handler(raw, reply.raw);
    });
  });
};
