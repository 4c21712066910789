// Constants and member-facing texts of messaging (spec 001 §2.7, §5, §7, §9). The spec gives a message
// no length limit; MESSAGE_CONTENT_MAX is ours, the post's 1000 (decision 140). api/contracts/messaging.ts re-exports
// these for the routes and the web client, so a 400 and the chat window's own check read the same.

/** Counted in UTF-16 units, like the textarea's maxlength. */
export const MESSAGE_CONTENT_MAX = 1000;
/** Spec 001 §9: the message notification quotes this many characters, '...' when longer. */
export const MESSAGE_PREVIEW_MAX = 50;

export const messagingTexts = {
  contentRequired: 'Message cannot be empty',
  contentTooLong: `A message can be at most ${MESSAGE_CONTENT_MAX} characters`,
  selfConversation: 'You cannot start a conversation with yourself',
  memberNotFound: 'User not found',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  notParticipant: 'Only the two members of a conversation can read or write it',
  ownConversationsOnly: 'You can only view your own conversations',
} as const;
