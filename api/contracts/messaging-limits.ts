// Messaging's constants, texts and paths without zod: what the signed-in frame (the Messages menu, the chat
// dock) needs on every page, so the dashboard's first scripts carry no form library (decision 133's rule,
// test/e2e/dashboard-bundle.e2e.test.ts). api/contracts/messaging.ts re-exports all of it with the schemas.
import { MESSAGE_CONTENT_MAX, MESSAGE_PREVIEW_MAX, messagingTexts } from '../../domain/conversation/rules.js';

export { MESSAGE_CONTENT_MAX, MESSAGE_PREVIEW_MAX, messagingTexts };

/** Messages in one page of a conversation's history; the client asks for older pages by cursor. */
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_MAX = 100;

export const messagingPaths = {
  conversations: '/api/conversations',
  memberConversations: (memberId: string) => `/api/users/${encodeURIComponent(memberId)}/conversations`,
  messages: (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
  send: '/api/messages',
  read: (messageId: string) => `/api/messages/${encodeURIComponent(messageId)}/read`,
} as const;
