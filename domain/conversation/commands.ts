// Commands on a conversation. Ids (the conversation's, derived from the pair, and each message's) and
// the clock arrive on the command; memberId / senderId / readerId is the signed-in member.

export interface StartConversation {
  type: 'StartConversation';
  conversationId: string;
  memberId: string;
  otherMemberId: string;
  now: string;
}

export interface SendMessage {
  type: 'SendMessage';
  conversationId: string;
  messageId: string;
  senderId: string;
  content: string;
  now: string;
}

/** Reads `messageId` and every message before it (one watermark per participant). */
export interface MarkMessagesRead {
  type: 'MarkMessagesRead';
  conversationId: string;
  readerId: string;
  messageId: string;
  now: string;
}

export type ConversationCommand = StartConversation | SendMessage | MarkMessagesRead;
