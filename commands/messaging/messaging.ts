// Messaging (spec 001 §2.7, §7): a conversation per pair of members on `conversation-{id}`, its id a
// UUID v5 of the sorted pair, so two members starting it at the same moment meet on one stream and the
// command runtime's retry finds it started (one ConversationStarted). Message ids are made here.
import { randomUUID } from 'node:crypto';
import type { ConversationCommand } from '../../domain/conversation/commands.js';
import { conversationDecider, type ConversationState } from '../../domain/conversation/decide.js';
import type { ConversationEvent } from '../../domain/conversation/events.js';
import { messagingTexts } from '../../domain/conversation/rules.js';
import { DomainError } from '../../domain/shared.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import { loadMember } from '../members.js';
import type { CommandRuntime } from '../runtime/types.js';
import { conversationStreamId } from '../stream-ids.js';

export interface MessagingDeps {
  runtime: CommandRuntime;
}

export interface MessagingContext {
  now: string;
  correlationId?: string | undefined;
}

export interface ConversationCommandResult {
  conversationId: string;
  /** Null when nothing was appended (found again, already read). */
  checkpoint: Checkpoint | null;
  events: ConversationEvent[];
  state: ConversationState;
}

/** The one conversation of two members, whoever starts it. */
export const conversationIdFor = (a: string, b: string): string => uuidV5(`conversation:${[a, b].sort().join('\u0000')}`);

const act = async (deps: MessagingDeps, command: ConversationCommand, actorId: string, context: MessagingContext): Promise<ConversationCommandResult> => {
  const { events, checkpoint, state } = await deps.runtime.handle(conversationDecider, conversationStreamId(command.conversationId), command, {
    now: context.now,
    actorId,
    correlationId: context.correlationId,
  });
  return { conversationId: command.conversationId, events, checkpoint, state };
};

/** POST /api/conversations: started, or found again; the other member must be a registered member. */
export const startConversation = async (deps: MessagingDeps, input: MessagingContext & { memberId: string; otherMemberId: string }) => {
  if (input.memberId === input.otherMemberId) throw new DomainError('VALIDATION', messagingTexts.selfConversation);
  if ((await loadMember(deps, input.otherMemberId)).status !== 'active') throw new DomainError('VALIDATION', messagingTexts.memberNotFound);
  const conversationId = conversationIdFor(input.memberId, input.otherMemberId);
  return act(deps, { type: 'StartConversation', conversationId, memberId: input.memberId, otherMemberId: input.otherMemberId, now: input.now }, input.memberId, input);
};

export const sendMessage = async (
  deps: MessagingDeps,
  input: MessagingContext & { conversationId: string; senderId: string; content: string; messageId?: string | undefined },
): Promise<ConversationCommandResult & { messageId: string }> => {
  const messageId = input.messageId ?? randomUUID();
  const command = { type: 'SendMessage' as const, conversationId: input.conversationId, messageId, senderId: input.senderId, content: input.content, now: input.now };
  return { ...(await act(deps, command, input.senderId, input)), messageId };
};

/** PUT /api/messages/{id}/read: the reader's watermark moves to this message (and those before it). */
export const markMessagesRead = (deps: MessagingDeps, input: MessagingContext & { conversationId: string; readerId: string; messageId: string }) =>
  act(
    deps,
    { type: 'MarkMessagesRead', conversationId: input.conversationId, readerId: input.readerId, messageId: input.messageId, now: input.now },
    input.readerId,
    input,
  );
