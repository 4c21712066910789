// GET /metrics in the Prometheus text format (issue 32 point 3; decision 320). Who may read it:
// - with METRICS_TOKEN set, whoever sends `Authorization: Bearer <token>` (401 without a token, 403 with
//   another one), from anywhere;
// - without it, only a direct loopback connection (the socket's own address, never X-Forwarded-For), and
//   only while TRUST_PROXY is off: behind a reverse proxy on the same host every request arrives from
//   127.0.0.1, so a loopback peer would say nothing about who asked. Anything else is 403.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';

export const metricsTexts = {
  tokenRequired: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>',
  wrongToken: 'That is not the metrics token',
  loopbackOnly: 'Without METRICS_TOKEN the metrics answer only direct connections from this machine (and none while TRUST_PROXY is set)',
};

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address));

const digest = (text: string) => createHash('sha256').update(text).digest();

type Verdict = 'allowed' | 'no-token' | 'wrong-token' | 'not-loopback';

export const metricsAccess = (request: FastifyRequest, config: Pick<AppConfig, 'metricsToken' | 'trustProxy'>): Verdict => {
  if (config.metricsToken !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) return 'no-token';
    // Equal-length digests: the comparison takes as long whatever the guess.
    return timingSafeEqual(digest(match[1]!), digest(config.metricsToken)) ? 'allowed' : 'wrong-token';
  }
  return config.trustProxy === false && isLoopbackAddress(request.socket.remoteAddress) ? 'allowed' : 'not-loopback';
};

export const metricsRoutes: FastifyPluginAsync<{ metrics: ServerMetrics; config: AppConfig }> = async (app, { metrics, config }) => {
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const verdict = metricsAccess(request, config);
    reply.header('cache-control', 'no-store');
    if (verdict === 'no-token') return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: metricsTexts.tokenRequired });
    if (verdict === 'wrong-token') return reply.code(403).send({ error: metricsTexts.wrongToken });
    if (verdict === 'not-loopback') return reply.code(403).send({ error: metricsTexts.loopbackOnly });
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
};
