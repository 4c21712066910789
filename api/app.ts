// Builds the Fastify application from its dependencies (no listening, no process concerns): the
// composition root in main.ts and the test server both call this with real parts.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createSessionStore } from './auth/session-store.js';
import { setUpSignIn } from './auth/sign-in-setup.js';
import type { AppDeps } from './deps.js';
import { createChangeHub, relayChanges, relayTyping } from './plugins/change-hub.js';
import { relayAiStatus } from './plugins/ai-status-relay.js';
import { TYPING_CHANNEL } from './plugins/typing-relay.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { answerClientError, answerFrameworkError, BODY_LIMIT_BYTES, registerJsonBodies } from './plugins/framework-errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerReadYourWrites } from './plugins/read-your-writes.js';
import { readSessionKey, registerSession, SESSION_COOKIE } from './plugins/session.js';
import { registerAdminRights } from './plugins/admin-rights.js';
import { registerCatchingUp } from './plugins/catching-up.js';
import { registerStaticClient } from './plugins/static-client.js';
import { registerTextInputCheck } from './plugins/text-input.js';
import { registerSharedReads } from './plugins/shared-reads.js';
import { registerUserCache } from './plugins/user-cache.js';
import { resolveSessionSecret } from './session-secret.js';
import { ADMIN_PREFIX, adminScope } from './routes/admin/index.js';
import { adminOperationsOf } from './routes/admin/admin-operations.js';
import type { Operations } from './operations.js';
import { wireStateAt } from '../commands/wiring.js';
import { assistantRoutes } from './routes/assistant.js';
import { authRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';
import { userRoutes } from './routes/users.js';
import { wsRoutes } from './routes/ws.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { feedRoutes } from './routes/feed.js';
import { feedbackRoutes } from './routes/feedback.js';
import { featureVoteRoutes } from './routes/feature-votes.js';
import { supportRoutes } from './routes/support.js';
import { notificationRoutes } from './routes/notifications.js';
import { onboardingRoutes } from './routes/onboarding.js';
import { sessionBookingRoutes } from './routes/session-booking.js';
import { sessionLifecycleRoutes } from './routes/session-lifecycle.js';
import { sessionQueryRoutes } from './routes/session-queries.js';
import { sessionRescheduleRoutes } from './routes/session-reschedule.js';
import { sessionThreadRoutes } from './routes/session-thread.js';
import { skillRoutes } from './routes/skills.js';
import { skillSearchRoutes } from './routes/skill-search.js';
import { mediaRoutes } from './routes/media.js';
import { linkPreviewRoutes } from './routes/link-preview.js';
import { reviewRoutes } from './routes/reviews.js';
import { profilePictureRoutes } from './routes/profile-picture.js';
import { createProfilePictures } from './media/profile-pictures.js';
import { createMedia } from './media/create-media.js';
import { createLinkPreviewer } from './link-preview/previewer.js';
import { conversationParticipants } from '../projections/messaging/queries.js';
import { messagingRoutes } from './routes/messaging.js';
import { telemetryRoutes } from './routes/telemetry.js';
import { analyticsRoutes } from './routes/analytics.js';
import { createTelemetry } from '../telemetry/create-telemetry.js';
import { createHealthChecker } from './metrics/health-check.js';
import { startMetricsSampler } from './metrics/sampler.js';
import { createServerMetrics } from './metrics/server-metrics.js';
import { metricsRoutes } from './routes/metrics.js';
import { createErrorRecorder } from './error-monitor/error-recorder.js';
import { REPOSITORY_ROOT } from './error-monitor/repository-root.js';
import { createSourceMapResolver } from './error-monitor/source-maps.js';
import { clientErrorRoutes } from './routes/client-errors.js';
import { defaultWebDistDir } from './plugins/static-client.js';
import type { ErrorsStoredMessage } from './contracts/admin-errors.js';

export interface BuildAppOptions extends AppDeps {
  /** Where the built client lives; default web/dist. */
  webDistDir?: string;
  /** What the /api/admin routes operate on (api/operations.ts); without it, the followers' status from deps.runtime. */
  operations?: Pick<Operations, 'followers'> & Partial<Pick<Operations, 'readLog' | 'stateAt' | 'readStream' | 'ledgerAudit'>>;
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
  const trustNearestHops = (hops: number) => (_address: string, hop: number) => hop < hops;
  const sessionSecret = await resolveSessionSecret(config);
  const secureCookies = config.publicUrl.startsWith('https:');

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: loggerOptions(config.logLevel) }),
    // A hop count as proxy-addr reads it (fastify's types know only the function form): trust the nearest n hops.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
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
  const sessions = createSessionStore({
    sql: deps.sql,
    clock: deps.clock,
    ...config.sessions,
    onError: (err) => app.log.error({ err }, 'sign-in session store'),
  });
  // A validly signed cookie of a live session spends the signed-in budgets; anything else the anonymous one.
  const hasSession = async (request: FastifyRequest) => {
    const key = readSessionKey(request);
    return key !== null && (await sessions.find(key, { touch: false })) !== null;
  };
  await registerSecurity(app, config, { publicUrl: getPublicUrl, hasSession });
  const stopSessions = await sessions.start();
  app.addHook('onClose', async () => {
    await stopSessions().catch(() => {});
  });
  registerSession(app, sessions);
  // Only an e-mail the provider verified makes an admin (DESIGN.md §6): request.isAdmin.
  registerAdminRights(app, config.adminEmails);
  // The one consistency policy of command routes (reply.afterWrite); after the session, whose member it reads.
  const notedWrites = registerReadYourWrites(app, deps.runtime);
  // Routes that declare `readModels` say 'catching up' while one rebuilds at a new version; before the
  // OpenAPI plugin, which then reads the note it adds to their description.
  registerCatchingUp(app, deps.runtime);
  // Every 5xx to the error monitor (attached to the telemetry store below; until then its occurrences wait).
  const errors =
    deps.errors ??
    createErrorRecorder({ root: REPOSITORY_ROOT, appVersion: config.appVersion, clock: deps.clock, onError: (err) => app.log.error({ err }, 'error monitor') });
  registerErrorHandler(app, (report) => {
    errors.server(report);
    deps.onServerError?.(report);
  });
  // Every answer's duration by route pattern (GET /metrics, the health grade); a websocket's upgrade is no answer.
  const metrics = deps.metrics ?? createServerMetrics();
  // A callback hook, not an async one: every answer runs it.
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.ws) metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.addHook('onClose', async () => metrics.stop());
  registerJsonBodies(app);
  registerTextInputCheck(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'SkillSwap API', version: '1.0.0', description: 'Sign in at /api/login; the API then answers to the session cookie.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    // Writes the schemas registered with an id (the recursive comment) into components.schemas.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Typing crosses processes by NOTIFY (plugins/typing-relay.ts): the socket's process checks and throttles, every process delivers.
  const hub = createChangeHub(app.log, {
    participantsOf: (conversationId) => conversationParticipants(deps.sql.db, conversationId),
    publish: (payload) => deps.sql.notify(TYPING_CHANNEL, payload),
  });
  const userCache = registerUserCache(app, notedWrites);
  // The runtime's caches and in-memory copies of read models, which routes ask for what their feature
  // declares, follow this process's writes and the notices (decision 279).
  const sharedReads = registerSharedReads(app, notedWrites, deps.reads);
  // The caches forget what a notice changed before any socket is told to refetch it.
  const unlisten = await relayChanges(
    { ...hub, dispatch: (notices) => (userCache.noticed(notices), sharedReads.noticed(notices), hub.dispatch(notices)) },
    (channel, onPayload) => deps.sql.listen(channel, onPayload),
    app.log,
  );
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
  });
  const unlistenTyping = await relayTyping(hub, (channel, onPayload) => deps.sql.listen(channel, onPayload), app.log);
  app.addHook('onClose', async () => {
    await unlistenTyping().catch(() => {});
  });
  const unlistenAiStatus = await relayAiStatus(hub, (channel, onPayload) => deps.sql.listen(channel, onPayload), app.log);
  app.addHook('onClose', async () => {
    await unlistenAiStatus().catch(() => {});
  });

  const oidc = await setUpSignIn(app, { config, sessionSecret, publicUrl: getPublicUrl });
  // Observations beside the event log (docs/telemetry.md): its tables, batches and retention timer (sign-ins
  // are recorded there too, so it is made before the sign-in routes).
  const telemetry = createTelemetry({
    sql: deps.sql,
    clock: deps.clock,
    retention: { retentionDays: config.telemetryRetentionDays },
    onError: (err) => app.log.error({ err }, 'telemetry cleanup'),
  });
  await telemetry.start();
  errors.attach(telemetry);
  app.addHook('onClose', async () => {
    await errors.flushed();
    await telemetry.stop();
  });

  metrics.attach({ followers: () => deps.runtime.status(), sockets: () => hub.size() });
  const checkHealth = createHealthChecker({ db: deps.sql.handle, metrics, clock: deps.clock });
  // A few samples of the metrics every METRICS_SAMPLE_SECONDS, stored as telemetry (decision 319).
  const sampler = startMetricsSampler({
    metrics,
    telemetry,
    clock: deps.clock,
    everyMs: config.metricsSampleMs,
    onError: (err) => app.log.error({ err }, 'metrics sample'),
  });
  app.addHook('onClose', () => sampler.stop());

  await app.register(healthRoutes, { deps, checkHealth });
  await app.register(metricsRoutes, { metrics, config });
  await app.register(authRoutes, { deps, oidc, sessions, publicUrl: getPublicUrl, secureCookies, telemetry });
  await app.register(userRoutes, { deps, userCache });
  await app.register(sessionQueryRoutes, { deps });
  await app.register(sessionBookingRoutes, { deps });
  await app.register(sessionLifecycleRoutes, { deps });
  await app.register(sessionRescheduleRoutes, { deps });
  await app.register(sessionThreadRoutes, { deps });
  await app.register(dashboardRoutes, { deps });
  await app.register(reviewRoutes, { deps });
  await app.register(onboardingRoutes, { deps });
  await app.register(notificationRoutes, { deps });
  await app.register(skillRoutes, { deps });
  await app.register(skillSearchRoutes, { deps });
  await app.register(feedbackRoutes, { deps });
  await app.register(featureVoteRoutes, { deps });
  await app.register(supportRoutes);
  await app.register(feedRoutes, { deps });
  await app.register(assistantRoutes, { deps });
  const media = await createMedia({ config, db: deps.sql.handle, clock: deps.clock, publicUrl: getPublicUrl });
  await media.start();
  await app.register(mediaRoutes, { media });
  await app.register(profilePictureRoutes, { deps, pictures: createProfilePictures({ db: deps.sql.handle, media, clock: deps.clock }) });
  await app.register(linkPreviewRoutes, { previewer: createLinkPreviewer(config.linkPreview) });
  await app.register(messagingRoutes, { deps });
  await app.register(telemetryRoutes, { telemetry, clock: deps.clock });
  await app.register(analyticsRoutes, { telemetry, clock: deps.clock, enabled: config.analytics });
  const resolver = createSourceMapResolver({ webDistDir: deps.webDistDir ?? defaultWebDistDir, root: REPOSITORY_ROOT });
  await app.register(clientErrorRoutes, { telemetry, resolver, root: REPOSITORY_ROOT, clock: deps.clock });
  // Live Activity moves without a reload: each batch's one notice (any process's) tells the admins' sockets.
  const unlistenTelemetry = await telemetry.onBatch((notice) => {
    if (notice.pageViews > 0 || notice.signIns > 0) {
      hub.dispatch([{ audience: { to: 'admins' }, payload: { type: 'analytics_stored', pageViews: notice.pageViews, signIns: notice.signIns } }]);
    }
    // The System Metrics tab and the health card move with each stored sample.
    if (notice.metrics > 0) hub.dispatch([{ audience: { to: 'admins' }, payload: { type: 'metrics_stored', metrics: notice.metrics } }]);
    // The heat map moves the same way (its own notice: the Live Activity need not read again for clicks).
    if (notice.interactions > 0) hub.dispatch([{ audience: { to: 'admins' }, payload: { type: 'interactions_stored', interactions: notice.interactions } }]);
    // The error monitor moves with each stored batch of occurrences (server or browser).
    if (notice.errors > 0) hub.dispatch([{ audience: { to: 'admins' }, payload: { type: 'errors_stored', errors: notice.errors } satisfies ErrorsStoredMessage }]);
  });
  app.addHook('onClose', async () => {
    await unlistenTelemetry().catch(() => {});
  });
  await app.register(wsRoutes, { hub, sessions });
  await app.register(adminScope, {
    prefix: ADMIN_PREFIX,
    deps,
    operations: adminOperationsOf(deps.operations?.followers ?? deps.runtime),
    // The audit's reads from the same operations object; without one, made the way it makes them.
    audit: {
      readLog: deps.operations?.readLog ?? ((query) => deps.store.readLog(query)),
      stateAt: deps.operations?.stateAt ?? wireStateAt(deps.store).stateAt,
      readStream: deps.operations?.readStream ?? ((streamId, options) => deps.store.readStream(streamId, options)),
    },
    ledgerAudit: deps.operations?.ledgerAudit ?? null,
    adminEmails: config.adminEmails,
    checkHealth,
  });
  await registerStaticClient(app, deps.webDistDir);

  return app;
};
