// Messaging (spec 001 §2.7, §7): conversations per pair of members, their messages paged by cursor,
// sending and read receipts. Only the two participants read or write a conversation (403 for anyone
// else); a member lists only their own conversations. Live delivery is the projector's notices (/ws).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markMessagesRead, sendMessage, startConversation } from '../../commands/messaging/messaging.js';
import { conversationParticipants, getConversation, listConversations, messageConversation, messagesPage } from '../../projections/messaging/queries.js';
import { getMember } from '../../projections/members/queries.js';
import {
  conversationResponseSchema,
  conversationsResponseSchema,
  createConversationBodySchema,
  messageResponseSchema,
  messagesPageSchema,
  messagesQuerySchema,
  messagingTexts,
  readResponseSchema,
  sendMessageBodySchema,
} from '../contracts/messaging.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { currentMember } from '../plugins/session.js';
import { assertOwnPath, assertSelf } from '../session-access.js';
import { errorResponses, idParams } from './route-schemas.js';

const tags = ['messaging'];
const errors = errorResponses(400, 401, 403, 404);

export const messagingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;
  const commandDeps = { runtime: deps.commands.runtime };
  const now = () => deps.clock().toISOString();

  /** The conversation's members, when the viewer is one of them (404 unknown, 403 a stranger). */
  const participantsFor = async (conversationId: string, memberId: string) => {
    const pair = await conversationParticipants(db, conversationId);
    if (!pair) throw new HttpError(404, messagingTexts.conversationNotFound);
    if (!pair.includes(memberId)) throw new HttpError(403, messagingTexts.notParticipant);
    return pair;
  };

  app.get(
    '/api/users/:id/conversations',
    { config: { readModels: ['messaging', 'members'] }, schema: { tags, params: idParams, response: { 200: conversationsResponseSchema, ...errors } } },
    async (request) => {
      const { memberId } = currentMember(request);
      assertOwnPath(request.params.id, memberId, messagingTexts.ownConversationsOnly);
      return { conversations: await listConversations(db, memberId) };
    },
  );

  app.post(
    '/api/conversations',
    { schema: { tags, body: createConversationBodySchema, response: { 200: conversationResponseSchema, 201: conversationResponseSchema, ...errors } } },
    async (request, reply) => {
      const { memberId } = currentMember(request);
      const { participant1_id: first, participant2_id: second } = request.body;
      if (first !== memberId && second !== memberId) throw new HttpError(403, 'You can only start your own conversations');
      const otherMemberId = first === memberId ? second : first;
      const result = await startConversation(commandDeps, { memberId, otherMemberId, now: now(), correlationId: request.id });
      await reply.afterWrite(result, [memberId, otherMemberId]);
      const shown = await getConversation(db, result.conversationId, memberId);
      // Found again while the other member's start is not in the read model yet: said from the stream.
      const state = result.state;
      const other = shown ? null : await getMember(db, otherMemberId);
      const conversation = shown ?? {
        id: result.conversationId,
        participant1_id: state.status === 'open' ? state.participantIds[0] : [memberId, otherMemberId].sort()[0]!,
        participant2_id: state.status === 'open' ? state.participantIds[1] : [memberId, otherMemberId].sort()[1]!,
        last_message_at: null,
        created_at: state.status === 'open' ? state.startedAt : now(),
        other_user: { id: otherMemberId, name: other?.name ?? '', avatar: other?.avatar ?? null },
        last_message: null,
        unread_count: 0,
      };
      return reply.code(result.events.length > 0 ? 201 : 200).send({ conversation });
    },
  );

  app.get(
    '/api/conversations/:id/messages',
    { config: { readModels: ['messaging'] }, schema: { tags, params: idParams, querystring: messagesQuerySchema, response: { 200: messagesPageSchema, ...errors } } },
    async (request) => {
      await participantsFor(request.params.id, currentMember(request).memberId);
      return messagesPage(db, request.params.id, request.query);
    },
  );

  app.post('/api/messages', { schema: { tags, body: sendMessageBodySchema, response: { 201: messageResponseSchema, ...errors } } }, async (request, reply) => {
    const { memberId } = currentMember(request);
    assertSelf(request.body.sender_id, memberId);
    const pair = await participantsFor(request.body.conversation_id, memberId);
    const result = await sendMessage(commandDeps, {
      conversationId: request.body.conversation_id,
      senderId: memberId,
      content: request.body.content,
      now: now(),
      correlationId: request.id,
    });
    void reply.afterWrite(result, pair);
    const sent = result.events.find((e) => e.type === 'MessageSent');
    if (!sent || sent.type !== 'MessageSent') throw new HttpError(404, messagingTexts.messageNotFound);
    const d = sent.data;
    return reply.code(201).send({
      message: {
        id: d.messageId,
        conversation_id: d.conversationId,
        sender_id: d.senderId,
        content: d.content,
        read_at: null,
        created_at: d.sentAt,
        sequence: d.sequence,
      },
    });
  });

  app.put('/api/messages/:id/read', { schema: { tags, params: idParams, response: { 200: readResponseSchema, ...errors } } }, async (request, reply) => {
    const { memberId } = currentMember(request);
    const conversationId = await messageConversation(db, request.params.id);
    if (!conversationId) throw new HttpError(404, messagingTexts.messageNotFound);
    const pair = await participantsFor(conversationId, memberId);
    const result = await markMessagesRead(commandDeps, { conversationId, readerId: memberId, messageId: request.params.id, now: now(), correlationId: request.id });
    void reply.afterWrite(result, pair);
    const readUpTo = result.state.status === 'open' ? (result.state.readUpTo[memberId] ?? 0) : 0;
    return { conversation_id: conversationId, read_up_to: readUpTo };
  });
};
