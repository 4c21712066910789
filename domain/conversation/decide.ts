// The conversation decider: two members, started once (a second start finds it again), messages by
// either participant only, and one read watermark per participant that only moves forward. evolve is
// total: an event that does not fit the state is ignored, never thrown on.
import { Map as ImmutableMap } from 'immutable';
import { DomainError, assertNever, type Decider } from '../shared.js';
import type { ConversationCommand, MarkMessagesRead, SendMessage } from './commands.js';
import type { ConversationEvent } from './events.js';
import { MESSAGE_CONTENT_MAX, messagingTexts } from './rules.js';

export type OpenConversation = {
  status: 'open';
  conversationId: string;
  participantIds: readonly [string, string];
  startedAt: string;
  /** Messages sent so far; the next one is messageCount + 1. */
  messageCount: number;
  /** Each message's sequence, for a read receipt naming a message (persistent: a long chat's next message costs what the first did). */
  sequenceOf: ImmutableMap<string, number>;
  /** Per participant, the sequence of the last message they read (0: none). */
  readUpTo: Readonly<Record<string, number>>;
};

export type ConversationState = { status: 'absent' } | OpenConversation;

export const initialConversationState = (): ConversationState => ({ status: 'absent' });

export const evolveConversation = (state: ConversationState, event: ConversationEvent): ConversationState => {
  switch (event.type) {
    case 'ConversationStarted': {
      if (state.status !== 'absent') return state;
      const [a, b] = event.data.participantIds;
      return {
        status: 'open',
        conversationId: event.data.conversationId,
        participantIds: [a, b],
        startedAt: event.data.startedAt,
        messageCount: 0,
        sequenceOf: ImmutableMap(),
        readUpTo: { [a]: 0, [b]: 0 },
      };
    }
    case 'MessageSent': {
      if (state.status !== 'open' || state.sequenceOf.has(event.data.messageId)) return state;
      const { messageId, sequence } = event.data;
      return { ...state, messageCount: Math.max(state.messageCount, sequence), sequenceOf: state.sequenceOf.set(messageId, sequence) };
    }
    case 'MessagesRead': {
      if (state.status !== 'open') return state;
      const { readerId, upToSequence } = event.data;
      if ((state.readUpTo[readerId] ?? 0) >= upToSequence) return state;
      return { ...state, readUpTo: { ...state.readUpTo, [readerId]: upToSequence } };
    }
    default:
      return state;
  }
};

export const isParticipant = (state: ConversationState, memberId: string): state is OpenConversation =>
  state.status === 'open' && state.participantIds.includes(memberId);

const participating = (state: ConversationState, memberId: string): OpenConversation => {
  if (state.status !== 'open') throw new DomainError('NOT_FOUND', messagingTexts.conversationNotFound);
  if (!isParticipant(state, memberId)) throw new DomainError('NOT_AUTHORISED', messagingTexts.notParticipant);
  return state;
};

const send = (command: SendMessage, state: ConversationState): ConversationEvent[] => {
  const open = participating(state, command.senderId);
  if (open.sequenceOf.has(command.messageId)) return []; // the same message again (a retried request)
  const content = command.content.trim();
  if (content === '') throw new DomainError('VALIDATION', messagingTexts.contentRequired);
  if (content.length > MESSAGE_CONTENT_MAX) throw new DomainError('VALIDATION', messagingTexts.contentTooLong);
  const recipientId = open.participantIds[0] === command.senderId ? open.participantIds[1] : open.participantIds[0];
  const data = {
    conversationId: open.conversationId,
    messageId: command.messageId,
    senderId: command.senderId,
    recipientId,
    content,
    sequence: open.messageCount + 1,
    sentAt: command.now,
  };
  return [{ type: 'MessageSent', data }];
};

const read = (command: MarkMessagesRead, state: ConversationState): ConversationEvent[] => {
  const open = participating(state, command.readerId);
  const sequence = open.sequenceOf.get(command.messageId);
  if (sequence === undefined) throw new DomainError('NOT_FOUND', messagingTexts.messageNotFound);
  // Reading an older message than the watermark reads nothing new.
  if ((open.readUpTo[command.readerId] ?? 0) >= sequence) return [];
  const data = { conversationId: open.conversationId, readerId: command.readerId, upToMessageId: command.messageId, upToSequence: sequence, readAt: command.now };
  return [{ type: 'MessagesRead', data }];
};

export const decideConversation = (command: ConversationCommand, state: ConversationState): ConversationEvent[] => {
  switch (command.type) {
    case 'StartConversation': {
      const { memberId, otherMemberId } = command;
      if (!memberId.trim() || !otherMemberId.trim()) throw new DomainError('VALIDATION', messagingTexts.memberNotFound);
      if (memberId === otherMemberId) throw new DomainError('VALIDATION', messagingTexts.selfConversation);
      if (state.status === 'open') {
        // Found again; a third member cannot arrive at another pair's id, but the stream says who is in it.
        if (!isParticipant(state, memberId) || !isParticipant(state, otherMemberId)) throw new DomainError('NOT_AUTHORISED', messagingTexts.notParticipant);
        return [];
      }
      const participantIds = [memberId, otherMemberId].sort() as [string, string];
      return [{ type: 'ConversationStarted', data: { conversationId: command.conversationId, participantIds, startedBy: memberId, startedAt: command.now } }];
    }
    case 'SendMessage':
      return send(command, state);
    case 'MarkMessagesRead':
      return read(command, state);
    default:
      return assertNever(command);
  }
};

export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent> = {
  initialState: initialConversationState,
  evolve: evolveConversation,
  decide: decideConversation,
};
