// A session's thread (issue 3 §4): the participants' messages and the system lines the session's
// events add. A posted message is answered from its write; the participants' next requests wait until
// the thread read model shows it (plugins/read-your-writes.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postThreadMessage } from '../../commands/sessions/session-actions.js';
import { getMembers } from '../../projections/members/queries.js';
import { getThread } from '../../projections/sessions/queries.js';
import { sessionIdParams, threadMessageBodySchema, threadMessageSchema, type ThreadMessage } from '../contracts/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { actionOf, assertSelf, participantSession, participantsOf, viewerOf } from '../session-access.js';
import { commonErrors, sessionErrors, sessionTags as tags } from './route-schemas.js';

export const sessionThreadRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;
  const { commands } = deps;

  /** Each message with its sender's name from the members read model (system lines have none). */
  const withNames = async (messages: Omit<ThreadMessage, 'sender_name'>[]): Promise<ThreadMessage[]> => {
    const senders = await getMembers(db, [...new Set(messages.flatMap((m) => (m.sender_id ? [m.sender_id] : [])))]);
    const names = new Map(senders.map((m) => [m.id, m.name]));
    return messages.map((m) => ({ ...m, sender_name: m.sender_id ? (names.get(m.sender_id) ?? null) : null }));
  };

  app.get(
    '/api/sessions/:id/thread',
    { config: { readModels: ['sessions', 'members'] }, schema: { tags, params: sessionIdParams, response: { 200: z.array(threadMessageSchema), ...commonErrors } } },
    async (request) => {
      await participantSession(deps, request.params.id, await viewerOf(deps, request));
      return withNames(await getThread(db, request.params.id));
    },
  );

  app.post(
    '/api/sessions/:id/message',
    { schema: { tags, params: sessionIdParams, body: threadMessageBodySchema, response: { 201: threadMessageSchema, ...sessionErrors } } },
    async (request, reply) => {
      const viewer = await viewerOf(deps, request);
      assertSelf(request.body.sender_id, viewer.memberId);
      const at = deps.clock().toISOString();
      const result = await postThreadMessage(commands, { ...actionOf(request, viewer, at), message: request.body.message.trim(), messageId: randomUUID() });
      void reply.afterWrite(result, participantsOf(result.session.session));
      const posted = result.events.find((e) => e.type === 'ThreadMessagePosted');
      if (!posted) throw new HttpError(404, 'Message not found');
      // The row the thread read model makes of the event (projections/sessions/evolve.ts), from the write.
      const { messageId: id, sessionId: session_id, senderId: sender_id, message } = posted.data;
      const [sender] = await getMembers(db, [sender_id]);
      return reply.code(201).send({ id, session_id, sender_id, sender_name: sender?.name ?? null, is_system_message: false, message, created_at: at });
    },
  );
};
