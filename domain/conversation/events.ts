// Events of a conversation between two members, stream `conversation-{id}` (DESIGN.md §11). The id
// derives from the pair of members (commands/messaging), so two starts of the same pair meet on one
// stream. Every message carries its recipient and its place in the conversation (1, 2, ...), so read
// models count unread messages and find a read watermark's messages without looking anything up.
import type { Event } from '../shared.js';

export type ConversationStarted = Event<
  'ConversationStarted',
  {
    conversationId: string;
    /** The two members, sorted: participant1_id and participant2_id of spec 001 §3. */
    participantIds: readonly [string, string];
    startedBy: string;
    startedAt: string;
  }
>;

export type MessageSent = Event<
  'MessageSent',
  {
    conversationId: string;
    messageId: string;
    senderId: string;
    recipientId: string;
    /** Trimmed. */
    content: string;
    /** 1 for the first message of the conversation, then one more each. */
    sequence: number;
    sentAt: string;
  }
>;

/** The reader's watermark moved up to this message: it and every message before it are read. */
export type MessagesRead = Event<
  'MessagesRead',
  {
    conversationId: string;
    readerId: string;
    upToMessageId: string;
    upToSequence: number;
    readAt: string;
  }
>;

export type ConversationEvent = ConversationStarted | MessageSent | MessagesRead;

export const conversationEventTypes = ['ConversationStarted', 'MessageSent', 'MessagesRead'] as const satisfies readonly ConversationEvent['type'][];

export const conversationStreamId = (conversationId: string) => `conversation-${conversationId}`;
