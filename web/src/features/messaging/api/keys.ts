// The messaging feature's query keys. A started conversation arrives as the 'conversation' change; new
// messages and read receipts arrive as their own socket messages (use-messaging-live.ts).
import type { StaleKeys } from '@/lib/stale-keys';

export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: (userId: string) => [...messagingKeys.all, 'conversations', userId] as const,
  messages: (conversationId: string) => [...messagingKeys.all, 'messages', conversationId] as const,
  members: ['messaging', 'members'] as const,
  /** The conversation with a member, found or started when their window opens. */
  with: (memberId: string) => [...messagingKeys.all, 'with', memberId] as const,
};

export const messagingStaleKeys: StaleKeys = (change, viewerId) =>
  change.scope === 'conversation' && viewerId
    ? [{ queryKey: messagingKeys.conversations(viewerId) }]
    : change.scope === 'members'
      ? [{ queryKey: messagingKeys.members }]
      : [];
