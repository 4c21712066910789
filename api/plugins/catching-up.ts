// 'Catching up' (issue 30 point 1, decision 269): while a new version of a read model builds
// beside its old tables, those keep answering, frozen, and writes do not wait for it. A route names the
// read models it reads once, `config: { readModels: ['sessions', 'members'] }`, and every answer of it
// then carries `SkillSwap-Catching-Up: sessions;done=1200;total=50000` while one of them rebuilds at a
// new version. The runtime answers from its followers' memory (ProjectionRuntimeView.rebuilding), so
// it costs no query; routes that declare nothing get no hook at all.
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import { CATCHING_UP_HEADER, formatCatchingUp, type CatchingUp } from '../contracts/catching-up.js';
import type { ProjectionRuntimeView } from '../deps.js';
import type { ReadModelName } from '../../projections/read-models.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The read models this route's answers come from: they say 'catching up' while one of them rebuilds. */
    readModels?: readonly ReadModelName[];
  }
}

/** The header's value for a route reading `readModels`, or null when none of them rebuilds. */
export const catchingUpValue = (readModels: readonly string[], rebuilding: ReadonlyMap<string, { done: number; total: number }>): string | null => {
  if (rebuilding.size === 0) return null;
  const items: CatchingUp[] = [];
  for (const readModel of readModels) {
    const progress = rebuilding.get(readModel);
    if (progress) items.push({ readModel, done: progress.done, total: progress.total });
  }
  return items.length > 0 ? formatCatchingUp(items) : null;
};

// Answers to someone not allowed to read the route say nothing about its read models.
const refused = (reply: FastifyReply) => reply.statusCode === 401 || reply.statusCode === 403;

/** Registered before the routes (and before the OpenAPI plugin, which reads the description it adds). */
export const registerCatchingUp = (app: FastifyInstance, runtime: Pick<ProjectionRuntimeView, 'rebuilding'>): void => {
  app.addHook('onRoute', (route) => {
    const readModels = route.config?.readModels;
    if (!readModels || readModels.length === 0) return;
    const hook: onSendHookHandler = (_request, reply, payload, done) => {
      const value = refused(reply) ? null : catchingUpValue(readModels, runtime.rebuilding());
      if (value !== null) void reply.header(CATCHING_UP_HEADER, value);
      done(null, payload);
    };
    route.onSend = route.onSend ? [...[route.onSend].flat(), hook] : hook;
    if (route.schema && !route.schema.hide) {
      const note = `Reads ${readModels.join(', ')}: while one of them rebuilds at a new version, answers carry the ${CATCHING_UP_HEADER} header (e.g. \`${readModels[0]};done=1200;total=50000\`).`;
      // A copy: one schema object may serve several routes.
      route.schema = { ...route.schema, description: route.schema.description ? `${route.schema.description}\n\n${note}` : note };
    }
  });
};
