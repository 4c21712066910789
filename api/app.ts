// Builds the Fastify application from its dependencies (no listening, no process concerns): the
// composition root in main.ts and the test server both call this with real parts.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { setUpSignIn } from './auth/sign-in-setup.js';
import type { AppDeps } from './deps.js';
import { createChangeHub, relayChanges } from './plugins/change-hub.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSecurity } from './plugins/security.js';
import { registerSession, SESSION_COOKIE } from './plugins/session.js';
import { registerStaticClient } from './plugins/static-client.js';
import { resolveSessionSecret } from './session-secret.js';
import { authRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';
import { userRoutes } from './routes/users.js';
import { wsRoutes } from './routes/ws.js';
import { createKeyedCache } from './keyed-cache.js';
import { createReadYourWrites } from './read-your-writes.js';
import type { ChangeNotice } from '../projections/types.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { feedbackRoutes } from './routes/feedback.js';
import { notificationRoutes } from './routes/notifications.js';
import { onboardingRoutes } from './routes/onboarding.js';
import { sessionReadRoutes } from './routes/sessions.js';
import { sessionBookingRoutes } from './routes/sessions-booking.js';
import { sessionRescheduleRoutes } from './routes/sessions-reschedule.js';
import { skillRoutes } from './routes/skills.js';

export interface BuildAppOptions extends AppDeps {
  /** Where the built client lives; default web/dist. */
  webDistDir?: string;
}

export const loggerOptions = (level: string) => ({
  level,
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
});

/** The host part of a URL for a listen address (wildcards and loopback names become localhost). */
export const urlHost = (host: string) => {
  if (['localhost', '0.0.0.0', '::', '::1', ''].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
};

export const buildApp = async (deps: BuildAppOptions): Promise<FastifyInstance> => {
  const { config } = deps;
  const sessionSecret = await resolveSessionSecret(config);
  const secureCookies = config.publicUrl.startsWith('https:');
  const isAdmin = (email: string) => config.adminEmails.includes(email.trim().toLowerCase());

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: loggerOptions(config.logLevel) }),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Without PUBLIC_URL the public URL follows the bound port (PORT=0 in tests and benches).
  let publicUrl = config.publicUrl;
  const getPublicUrl = () => publicUrl;
  if (config.publicUrlFromPort) {
    app.addHook('onListen', async function () {
      const address = this.server.address();
      if (address && typeof address === 'object') publicUrl = `http://${urlHost(config.host)}:${address.port}`;
    });
  }

  await app.register(cookie, { secret: sessionSecret });
  // Before any hook that may refuse a request: the plugin's own hook marks upgrade requests so a
  // refused handshake (403) also closes its socket.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Security next, so that even an early 401 carries the security headers.
  await registerSecurity(app, config, getPublicUrl);
  // A member's request waits until the read models show the writes they were already answered for.
  const readYourWrites = createReadYourWrites(deps.runtime, (memberIds, error) =>
    app.log.warn({ memberIds, err: error }, 'the read models did not show a write in time; the requests waiting for it go on'),
  );
  registerSession(app, deps.clock, readYourWrites);
  registerErrorHandler(app, deps.onServerError);

  await app.register(swagger, {
    openapi: {
      info: { title: 'SkillSwap API', version: '1.0.0', description: 'Sign in at /api/login; the API then answers to the session cookie.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const hub = createChangeHub(app.log);
  // GET /api/user answers from this cache; every notice about a member evicts it before any socket
  // hears of the change, and a member's own write evicts it before the response goes out, so neither
  // the writer nor a refetch triggered by the websocket can read an old value. The TTL bounds what a
  // lost notice (LISTEN connection dropped) could leave behind.
  const userCache = createKeyedCache<string | null>({ maxEntries: 10_000, ttlMs: 30_000 });
  const evictNoticed = (notices: readonly ChangeNotice[]) => {
    for (const notice of notices) {
      if (notice.scope === 'user') userCache.evict(notice.id);
      else if (notice.scope === 'session') for (const id of notice.participants) userCache.evict(id);
    }
  };
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.session) userCache.evict(request.session.memberId);
    return payload;
  });
  const unlisten = await relayChanges(
    { ...hub, dispatch: (notices) => (evictNoticed(notices), hub.dispatch(notices)) },
    (channel, onPayload) => deps.sql.listen(channel, onPayload),
    app.log,
  );
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
  });

  const oidc = await setUpSignIn(app, { config, sessionSecret, publicUrl: getPublicUrl });

  await app.register(healthRoutes, { deps });
  await app.register(authRoutes, { deps, oidc, publicUrl: getPublicUrl, secureCookies });
  await app.register(userRoutes, { deps, isAdmin, userCache });
  await app.register(sessionReadRoutes, { deps });
  await app.register(sessionBookingRoutes, { deps, readYourWrites });
  await app.register(sessionRescheduleRoutes, { deps });
  await app.register(dashboardRoutes, { deps });
  await app.register(onboardingRoutes, { deps });
  await app.register(notificationRoutes, { deps });
  await app.register(skillRoutes, { deps });
  await app.register(feedbackRoutes, { deps });
  await app.register(wsRoutes, { hub, isAdmin });
  await registerStaticClient(app, deps.webDistDir);

  return app;
};
