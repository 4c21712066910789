// The member's notifications. The websocket's user notice (sent when the notifications projector writes
// one) refreshes the bell (keys.ts); polling only while the socket is down.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Notification, UnreadCount } from '@contracts/dashboard';
import { getJson, sendJson } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { navAreasWithUnread, type NavArea } from '../notification-rules';
import { notificationKeys } from './keys';

const base = (userId: string) => `/api/users/${encodeURIComponent(userId)}/notifications`;

/** `fallbackMs`: the poll while the socket is down (the page polls at the spec's 5 s, the bell slower). */
export const useNotifications = (userId: string, enabled = true, fallbackMs = 30_000) => {
  const refetchInterval = useLiveFallbackInterval(fallbackMs);
  return useQuery({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ signal }) => getJson<Notification[]>(base(userId), { signal }),
    enabled,
    refetchInterval: enabled ? refetchInterval : false,
  });
};

export const unreadCountQuery = (userId: string) =>
  queryOptions({ queryKey: notificationKeys.unreadCount(userId), queryFn: ({ signal }) => getJson<UnreadCount>(`${base(userId)}/unread-count`, { signal }) });

export const useUnreadCount = (userId: string, fallbackMs = 30_000) => {
  const refetchInterval = useLiveFallbackInterval(fallbackMs);
  return useQuery({ ...unreadCountQuery(userId), refetchInterval });
};

export const useMarkRead = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT', body: {} }),
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list(userId), (list) => list?.map((n) => (n.id === id ? { ...n, read: true } : n)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  });
};

export const useMarkAllRead = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson(`${base(userId)}/read-all`, { method: 'PUT', body: {} }),
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list(userId), (list) => list?.map((n) => ({ ...n, read: true })));
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(userId), { count: 0, by_type: {} });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list(userId) }),
  });
};

/** The nav bar's red dots: the areas holding an unread notification, from the unread count. */
export const useUnreadAreas = (userId: string): ReadonlySet<NavArea> => {
  const byType = useUnreadCount(userId).data?.by_type;
  return useMemo(() => navAreasWithUnread(byType ?? {}), [byType]);
};
