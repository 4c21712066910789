// The messaging read model: conversations with their last message and read watermarks, and every
// message. Notices go to the two participants only: a started conversation ('changed' conversation), a
// message (new_message, carrying it, so the other window shows it without a read) and a receipt
// (messages_read, so the sender shows 'Seen').
import { conversationEventTypes, type ConversationEvent } from '../../domain/conversation/events.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import type { ChangedMessage, MessagesReadMessage, NewMessageMessage } from '../../api/contracts/live.js';
import { toMembers } from '../change-notices.js';
import type { ChangeNotice } from '../types.js';
import { messagingTables } from './tables.js';

export const messagingProjector = defineProjection({
  name: 'messaging',
  version: 1,
  migration: '20261125T1900-create-messaging',
  tables: messagingTables,
  canHandle: conversationEventTypes,
  reads: (event: Recorded<ConversationEvent>) => (event.type === 'ConversationStarted' ? {} : { conversations: event.data.conversationId }),
  creates: (event: Recorded<ConversationEvent>) =>
    event.type === 'ConversationStarted'
      ? { conversations: event.data.conversationId }
      : event.type === 'MessageSent'
        ? { conversation_messages: event.data.messageId }
        : {},
  evolve(rows, event): ChangeNotice[] {
    const e = event;
    if (e.type === 'ConversationStarted') {
      const [p1, p2] = e.data.participantIds;
      rows.conversations.put({
        id: e.data.conversationId,
        participant1_id: p1,
        participant2_id: p2,
        created_at: e.data.startedAt,
        last_message_at: null,
        last_message_id: null,
        last_message_sender_id: null,
        last_message_content: null,
        read_up_to_1: 0,
        read_at_1: null,
        read_up_to_2: 0,
        read_at_2: null,
      });
      return [toMembers([p1, p2], { type: 'changed', scope: 'conversation', id: e.data.conversationId } satisfies ChangedMessage)];
    }
    const conversation = rows.conversations.get(e.data.conversationId);
    if (!conversation) return [];
    const participants = [conversation.participant1_id, conversation.participant2_id];
    if (e.type === 'MessageSent') {
      const d = e.data;
      rows.conversation_messages.put({
        id: d.messageId,
        conversation_id: d.conversationId,
        sequence: d.sequence,
        sender_id: d.senderId,
        recipient_id: d.recipientId,
        content: d.content,
        created_at: d.sentAt,
        position: event.globalPosition.toString(),
      });
      rows.conversations.put({
        ...conversation,
        last_message_at: d.sentAt,
        last_message_id: d.messageId,
        last_message_sender_id: d.senderId,
        last_message_content: d.content,
      });
      const message = {
        id: d.messageId,
        conversation_id: d.conversationId,
        sender_id: d.senderId,
        recipient_id: d.recipientId,
        content: d.content,
        created_at: d.sentAt,
        sequence: d.sequence,
      };
      return [toMembers(participants, { type: 'new_message', message } satisfies NewMessageMessage)];
    }
    const d = e.data;
    const first = d.readerId === conversation.participant1_id;
    const current = first ? conversation.read_up_to_1 : conversation.read_up_to_2;
    if (current >= d.upToSequence) return [];
    rows.conversations.put(
      first ? { ...conversation, read_up_to_1: d.upToSequence, read_at_1: d.readAt } : { ...conversation, read_up_to_2: d.upToSequence, read_at_2: d.readAt },
    );
    const receipt = { conversation_id: d.conversationId, reader_id: d.readerId, up_to_message_id: d.upToMessageId, up_to_sequence: d.upToSequence, read_at: d.readAt };
    return [toMembers(participants, { type: 'messages_read', receipt } satisfies MessagesReadMessage)];
  },
});
