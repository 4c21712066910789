// A member's notifications (spec 000 §3, 001 §2.8): the list, the unread badge, and read marks.
// Notifications are made by the server from events; there is no route to create one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markAllNotificationsRead, markNotificationsRead } from '../../commands/notifications/notifications.js';
import { MAX_IDS_PER_MARK } from '../../domain/notification-inbox/decide.js';
import { idsToMarkRead, listNotifications, unreadCounts } from '../../projections/notifications/queries.js';
import { notificationSchema, okSchema, unreadCountSchema } from '../contracts/dashboard.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import { assertOwnPath } from '../session-access.js';
import { commonErrors, idParams } from './route-schemas.js';

const tags = ['notifications'];
const errors = commonErrors;
const OWN_ONLY = 'You can only view your own notifications';

export const notificationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;

  app.get(
    '/api/users/:id/notifications',
    { config: { readModels: ['notifications', 'members'] }, schema: { tags, params: idParams, response: { 200: z.array(notificationSchema), ...errors } } },
    async (request) => {
      const { memberId } = currentMember(request);
      assertOwnPath(request.params.id, memberId, OWN_ONLY);
      return listNotifications(db, memberId);
    },
  );

  app.get(
    '/api/users/:id/notifications/unread-count',
    { config: { readModels: ['notifications'] }, schema: { tags, params: idParams, response: { 200: unreadCountSchema, ...errors } } },
    async (request) => {
      const { memberId } = currentMember(request);
      assertOwnPath(request.params.id, memberId, OWN_ONLY);
      return unreadCounts(db, memberId);
    },
  );

  app.put('/api/notifications/:id/read', { schema: { tags, params: idParams, response: { 200: okSchema, ...errors } } }, async (request, reply) => {
    const { memberId } = currentMember(request);
    // Someone else's notification answers like a missing one: its existence is not ours to reveal.
    // Opening a post's grouped likes reads all of them.
    const ids = await idsToMarkRead(db, memberId, request.params.id, MAX_IDS_PER_MARK);
    if (!ids) throw new HttpError(404, 'Notification not found');
    const result = await markNotificationsRead(deps.commands, { memberId, notificationIds: ids, now: deps.clock().toISOString(), correlationId: request.id });
    void reply.afterWrite(result, [memberId]);
    return { ok: true as const };
  });

  app.put('/api/users/:id/notifications/read-all', { schema: { tags, params: idParams, response: { 200: okSchema, ...errors } } }, async (request, reply) => {
    const { memberId } = currentMember(request);
    assertOwnPath(request.params.id, memberId, 'You can only update your own notifications');
    const result = await markAllNotificationsRead(deps.commands, { memberId, now: deps.clock().toISOString(), correlationId: request.id });
    void reply.afterWrite(result, [memberId]);
    return { ok: true as const };
  });
};
