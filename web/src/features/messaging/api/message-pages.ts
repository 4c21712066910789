// A conversation's messages page by page (newest page first, older pages by cursor), for the chat window
// only: useInfiniteQuery stays out of the frame every signed-in page loads (the window is a lazy chunk).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { MessagesPage } from '@contracts/messaging';
import { messagingPaths } from '@contracts/messaging-limits';
import { getJson } from '@/lib/http';
import { messagingKeys } from './keys';

export const useMessages = (conversationId: string | null) =>
  useInfiniteQuery({
    queryKey: messagingKeys.messages(conversationId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      getJson<MessagesPage>(`${messagingPaths.messages(conversationId!)}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    // Pages run newest first: the next page of the query is the older one.
    getNextPageParam: (last) => last.next_cursor,
    enabled: conversationId !== null,
  });
