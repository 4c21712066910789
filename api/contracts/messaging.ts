// Shapes of messaging (spec 001 §2.7, §3 Conversation and Message, §7 Messaging) and its live messages.
// Fields the spec names keep its snake_case; other_user, last_message, unread_count and sequence are
// ours (what the Messages dropdown and the chat window show without a second call). Bodies may carry the
// spec's ids (participant1_id, sender_id) for compatibility; identity comes from the session only.
import { z } from 'zod';
import { MESSAGE_CONTENT_MAX, MESSAGES_PAGE_MAX, MESSAGES_PAGE_SIZE, messagingTexts } from './messaging-limits.js';

// The constants, texts and paths, without zod (the nav bar's Messages menu and the chat dock read them there).
export * from './messaging-limits.js';

const id = z.string().min(1).max(100);

/** Spec 001 §3 Message; read_at is when the recipient's watermark passed it (null while unread). */
export const chatMessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  content: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** 1 for the conversation's first message, then one more each. */
  sequence: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationMemberSchema = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

/** Spec 001 §3 Conversation, as one of its members sees it. */
export const conversationSchema = z.object({
  id: z.string(),
  participant1_id: z.string(),
  participant2_id: z.string(),
  last_message_at: z.string().nullable(),
  created_at: z.string(),
  other_user: conversationMemberSchema,
  last_message: z.object({ id: z.string(), sender_id: z.string(), content: z.string(), created_at: z.string() }).nullable(),
  /** Messages from the other member after my read watermark. */
  unread_count: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsResponseSchema = z.object({ conversations: z.array(conversationSchema) });
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

/** POST /api/conversations (spec 001 §7): one of the two ids must be the signed-in member. */
export const createConversationBodySchema = z.object({ participant1_id: id, participant2_id: id });
export type CreateConversationBody = z.infer<typeof createConversationBodySchema>;
export const conversationResponseSchema = z.object({ conversation: conversationSchema });

export const messageContentSchema = z
  .string({ message: messagingTexts.contentRequired })
  .trim()
  .min(1, messagingTexts.contentRequired)
  .max(MESSAGE_CONTENT_MAX, messagingTexts.contentTooLong);

/** POST /api/messages (spec 001 §7); sender_id, when sent, must be the signed-in member. */
export const sendMessageBodySchema = z.object({ conversation_id: id, content: messageContentSchema, sender_id: z.string().max(100).nullish() });
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;
export const messageResponseSchema = z.object({ message: chatMessageSchema });

/** GET /api/conversations/{id}/messages: the newest page without `before`; older ones with the cursor it gave. */
export const messagesQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_SIZE),
});
export const messagesPageSchema = z.object({
  /** Oldest first, as the window shows them. */
  messages: z.array(chatMessageSchema),
  /** Pass as `before` for the page of older messages; null at the conversation's start. */
  next_cursor: z.string().nullable(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** PUT /api/messages/{id}/read: the reader's watermark, which may already have been past the message. */
export const readResponseSchema = z.object({ conversation_id: z.string(), read_up_to: z.number().int() });
