// What the Messages menu and a chat window say (spec 001 §2.7): 'You: ' before one's own last message,
// 'Seen' under one's last message the other member read, and which message moves my read watermark.
import type { ChatMessage, Conversation } from '@contracts/messaging';

export const messagingUiTexts = {
  you: 'You: ',
  seen: 'Seen',
  noConversations: 'No conversations yet',
  startConversation: 'Start a conversation',
  noMembers: 'No other members yet',
  noMessages: 'No messages yet. Say hello!',
  loadOlder: 'Load older messages',
  sendFailed: 'Message not sent. Please try again.',
  loadFailed: 'Could not load messages',
  typing: (name: string) => `${name} is typing...`,
} as const;

/** The last message of a conversation as the list shows it, or null when there is none yet. */
export const lastMessagePreview = (conversation: Pick<Conversation, 'last_message'>, viewerId: string): string | null => {
  const last = conversation.last_message;
  if (!last) return null;
  return last.sender_id === viewerId ? `${messagingUiTexts.you}${last.content}` : last.content;
};

/** The id of my last message the other member has read, under which 'Seen' shows. */
export const seenMessageId = (messages: readonly ChatMessage[], viewerId: string): string | null => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.sender_id === viewerId && m.read_at !== null) return m.id;
  }
  return null;
};

/** The newest message from the other member that I have not read: reading it reads all before it. */
export const messageToMarkRead = (messages: readonly ChatMessage[], viewerId: string): string | null => {
  const newestIncoming = [...messages].reverse().find((m) => m.sender_id !== viewerId);
  return newestIncoming && newestIncoming.read_at === null ? newestIncoming.id : null;
};
