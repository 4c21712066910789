// Server data of messaging (spec 001 §7 Messaging): the member's conversations, a conversation's messages
// page by page (newest page first, older pages by cursor), starting a conversation, sending, reading.
// No polling while the socket is up: the socket's messages keep these fresh (use-messaging-live.ts).
import { queryOptions, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { User } from '@contracts/members';
import type { ChatMessage, Conversation, ConversationsResponse, MessagesPage } from '@contracts/messaging';
import { messagingPaths } from '@contracts/messaging-limits';
import { getJson, sendJson } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { messagingKeys } from './keys';

export const conversationsQuery = (userId: string) =>
  queryOptions({
    queryKey: messagingKeys.conversations(userId),
    queryFn: async ({ signal }) => (await getJson<ConversationsResponse>(messagingPaths.memberConversations(userId), { signal })).conversations,
  });

export const useConversations = (userId: string) => {
  const refetchInterval = useLiveFallbackInterval(30_000);
  return useQuery({ ...conversationsQuery(userId), refetchInterval });
};

/** Unread messages over all conversations: 'Messages (N)' and the nav badge. */
export const useUnreadMessages = (userId: string): number => useConversations(userId).data?.reduce((sum, c) => sum + c.unread_count, 0) ?? 0;

/** Everyone else, for 'Start a conversation' (only fetched while the menu is open). */
export const useMembers = (enabled: boolean) =>
  useQuery({ queryKey: messagingKeys.members, queryFn: ({ signal }) => getJson<User[]>('/api/users', { signal }), enabled, staleTime: 60_000 });

export type MessagePages = InfiniteData<MessagesPage, string | null>;

/** Messages oldest first over every loaded page. */
export const flattenPages = (data: InfiniteData<MessagesPage, unknown> | undefined): ChatMessage[] => (data ? [...data.pages].reverse().flatMap((p) => p.messages) : []);

/**
 * The conversation with a member, for their window: POST /api/conversations finds it, or starts it the
 * first time (the call is idempotent: one conversation per pair), so it is read like a query.
 */
export const useConversationWith = (userId: string, memberId: string) =>
  useQuery({
    queryKey: messagingKeys.with(memberId),
    queryFn: async () =>
      (await sendJson<{ conversation: Conversation }>(messagingPaths.conversations, { body: { participant1_id: userId, participant2_id: memberId } })).conversation,
    staleTime: Infinity,
    retry: 1,
  });

export const useStartConversation = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (otherId: string) =>
      (await sendJson<{ conversation: Conversation }>(messagingPaths.conversations, { body: { participant1_id: userId, participant2_id: otherId } })).conversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData<Conversation[]>(messagingKeys.conversations(userId), (list) =>
        list && !list.some((c) => c.id === conversation.id) ? [conversation, ...list] : list,
      );
    },
  });
};

/** Adds a message to the newest loaded page, once (the socket may bring it as well as the answer). */
export const withMessage = (data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined => {
  if (!data || data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message].sort((a, b) => a.sequence - b.sequence) }, ...older] };
};

export const useSendMessage = (userId: string, conversationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) =>
      (await sendJson<{ message: ChatMessage }>(messagingPaths.send, { body: { conversation_id: conversationId, content } })).message,
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(messagingKeys.messages(conversationId), (data) => withMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(userId) });
    },
  });
};

/** Moves my watermark to this message (the newest one from the other member). */
export const useMarkRead = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => sendJson(messagingPaths.read(messageId), { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(userId) }),
  });
};
