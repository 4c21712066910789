// The messaging read model's tables (spec 001 §3 Conversation, Message). A conversation row carries its
// last message and both read watermarks (participant 1 and 2 as sorted), so the Messages dropdown is one
// query; unread counts come from the messages after the member's watermark.
import { defineTable, int4, int8, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const conversationsTable = defineTable({
  name: 'conversations',
  key: ['id'],
  columns: {
    id: text(),
    participant1_id: text(),
    participant2_id: text(),
    created_at: timestamptz(),
    last_message_at: timestamptz().nullable(),
    last_message_id: text().nullable(),
    last_message_sender_id: text().nullable(),
    last_message_content: text().nullable(),
    /** The sequence of each participant's last read message (0: none), and when it moved there. */
    read_up_to_1: int4(),
    read_at_1: timestamptz().nullable(),
    read_up_to_2: int4(),
    read_at_2: timestamptz().nullable(),
  },
  indexes: {
    conversations_participant1_idx: ['participant1_id'],
    conversations_participant2_idx: ['participant2_id'],
  },
});

export const conversationMessagesTable = defineTable({
  name: 'conversation_messages',
  key: ['id'],
  columns: {
    id: text(),
    conversation_id: text(),
    sequence: int4(),
    sender_id: text(),
    recipient_id: text(),
    content: text(),
    created_at: timestamptz(),
    position: int8(),
  },
  onConflict: 'nothing',
  indexes: { conversation_messages_sequence_idx: ['conversation_id', 'sequence desc'] },
});

export const messagingTables = { conversations: conversationsTable, conversation_messages: conversationMessagesTable };

export type ConversationRow = RowOfTable<typeof conversationsTable>;
export type ConversationMessageRow = RowOfTable<typeof conversationMessagesTable>;
export type MessagingDb = DatabaseOf<typeof messagingTables>;
