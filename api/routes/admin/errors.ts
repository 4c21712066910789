// The error monitor (spec 002 §2 /admin/errors, §7; issue 32 points 2, 6; contract admin-errors.ts):
// the groups with their status, one group's details (why grouped, the resolved stack, the last
// occurrences, who resolved or ignored it and why), the cards, and resolve / ignore / reopen as commands
// on the group's stream. Occurrences are telemetry; statuses the error-groups read model.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actOnErrorGroup, loadErrorGroup, type ErrorGroupActionName } from '../../../commands/error-groups/error-group-actions.js';
import { errorGroupHistory } from '../../../projections/error-groups/queries.js';
import { recentErrorOccurrences } from '../../../telemetry/queries.js';
import {
  ERROR_OCCURRENCES_LIMIT,
  errorGroupActionSchema,
  errorGroupDetailSchema,
  errorGroupParamsSchema,
  errorGroupSchema,
  errorGroupsQuerySchema,
  errorStatsSchema,
  errorTexts,
  type ErrorGroup,
} from '../../contracts/admin-errors.js';
import type { AppDeps } from '../../deps.js';
import { errorStats } from '../../error-monitor/error-stats.js';
import { fingerprintOf } from '../../error-monitor/fingerprint.js';
import { findErrorGroup, listErrorGroups, regressedSince } from '../../error-monitor/group-queries.js';
import { REPOSITORY_ROOT } from '../../error-monitor/repository-root.js';
import { stackFrames } from '../../error-monitor/stack-frames.js';
import { HttpError } from '../../http-error.js';
import { currentMember } from '../../plugins/session.js';
import { errorResponses } from '../route-schemas.js';

const tags = ['admin'];
const readModels = ['error-groups'] as const;
const statusAfter = { resolve: 'resolved', ignore: 'ignored', reopen: 'unresolved' } as const;

export const adminErrorRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.handle;
  const found = async (groupId: string) => {
    const group = await findErrorGroup(db, groupId);
    if (!group) throw new HttpError(404, errorTexts.badGroup);
    return group;
  };

  app.get(
    '/errors',
    { config: { readModels }, schema: { tags, querystring: errorGroupsQuerySchema, response: { 200: z.array(errorGroupSchema), ...errorResponses(400, 401, 403) } } },
    async (request) => listErrorGroups(db, request.query),
  );

  app.get(
    '/errors/:groupId',
    { config: { readModels }, schema: { tags, params: errorGroupParamsSchema, response: { 200: errorGroupDetailSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const { latestOccurrenceId: _latest, ...group } = await found(request.params.groupId);
      const [occurrences, history] = await Promise.all([
        recentErrorOccurrences(db, { fingerprint: group.id, limit: ERROR_OCCURRENCES_LIMIT }),
        errorGroupHistory(deps.sql.db, group.id),
      ]);
      // The stored stack is already resolved (browser stacks through the build's maps), so its frames and
      // the grouping are made again from it by the same rule that grouped it.
      const frames = stackFrames(group.stackTrace, REPOSITORY_ROOT);
      const { grouping } = fingerprintOf({ type: group.errorType, message: group.message, frames });
      return {
        group,
        grouping,
        frames,
        occurrences: occurrences.map((o) => ({
          id: String(o.id),
          occurredAt: new Date(o.occurredAt).toISOString(),
          message: o.message,
          requestMethod: o.requestMethod,
          requestPath: o.requestPath,
          userId: o.memberId,
          appVersion: o.appVersion,
        })),
        history,
      };
    },
  );

  app.get('/error-stats', { schema: { tags, response: { 200: errorStatsSchema, ...errorResponses(401, 403) } } }, async () => errorStats(db, deps.clock()));

  for (const action of ['resolve', 'ignore', 'reopen'] as const satisfies readonly ErrorGroupActionName[]) {
    app.post(
      `/errors/:groupId/${action}`,
      {
        schema: {
          tags,
          params: errorGroupParamsSchema,
          body: errorGroupActionSchema,
          response: { 200: errorGroupSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply): Promise<ErrorGroup> => {
        const admin = currentMember(request);
        const { latestOccurrenceId, ...group } = await found(request.params.groupId);
        // Regression from the stream's own state (the read model may not show the last resolution yet).
        const state = await loadErrorGroup(deps.commands, group.id);
        const regressed = state.status === 'resolved' && (await regressedSince(db, group.id, state.resolvedIn, state.seenOccurrenceId));
        const written = await actOnErrorGroup(deps.commands, {
          action,
          groupId: group.id,
          adminId: admin.memberId,
          reason: request.body.reason,
          appVersion: deps.config.appVersion,
          latestOccurrenceId,
          regressed,
          now: deps.clock().toISOString(),
          correlationId: request.id,
        });
        void reply.afterWrite(written, [admin.memberId]);
        const status = statusAfter[action];
        return { ...group, status, resolved: status !== 'unresolved' };
      },
    );
  }
};
