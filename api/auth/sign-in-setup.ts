// Chooses the identity provider: the configured OIDC issuer, or the embedded development provider
// mounted under /oidc where the configuration allows it (config.ts: loopback addresses or DEV_SIGN_IN=true). Both sides of the development pair derive their secrets from one secret.
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { DEV_CLIENT_ID, devIssuerUrl, devProviderRoutes } from './dev-provider.js';
import { createOidcClient, type OidcClient } from './oidc-client.js';

export const setUpSignIn = async (app: FastifyInstance, opts: { config: AppConfig; sessionSecret: string; publicUrl: () => string }): Promise<OidcClient> => {
  const { oidc, devSignIn } = opts.config;
  if (oidc) return createOidcClient({ issuer: () => oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret, development: false });
  // loadConfig refuses to start without either; this guards a config built some other way.
  if (!devSignIn) throw new Error('No sign-in provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or DEV_SIGN_IN=true');

  const derive = (purpose: string) => createHmac('sha256', opts.sessionSecret).update(purpose).digest('base64url');
  const clientSecret = derive('dev-oidc-client');
  await app.register(devProviderRoutes, { publicUrl: opts.publicUrl, clientSecret, cookieSecret: derive('dev-oidc-cookies') });
  return createOidcClient({ issuer: () => devIssuerUrl(opts.publicUrl()), clientId: DEV_CLIENT_ID, clientSecret, development: true });
};
