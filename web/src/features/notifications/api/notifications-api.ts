// The member's notifications. Keys sit under ['users', me], so the websocket's user notice (sent when
// the notifications projector writes one) refreshes the bell; polling only while the socket is down.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@contracts/dashboard';
import { getJson, sendJson } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';

export const notificationsKey = (userId: string) => ['users', userId, 'notifications'] as const;
const base = (userId: string) => `/api/users/${encodeURIComponent(userId)}/notifications`;

export const useNotifications = (userId: string, enabled = true) => {
  const refetchInterval = useLiveFallbackInterval(30_000);
  return useQuery({
    queryKey: notificationsKey(userId),
    queryFn: ({ signal }) => getJson<Notification[]>(base(userId), { signal }),
    enabled,
    refetchInterval: enabled ? refetchInterval : false,
  });
};

export const useUnreadCount = (userId: string) => {
  const refetchInterval = useLiveFallbackInterval(30_000);
  return useQuery({
    queryKey: [...notificationsKey(userId), 'unread-count'] as const,
    queryFn: ({ signal }) => getJson<{ count: number }>(`${base(userId)}/unread-count`, { signal }),
    refetchInterval,
  });
};

export const useMarkRead = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT', body: {} }),
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(notificationsKey(userId), (list) => list?.map((n) => (n.id === id ? { ...n, read: true } : n)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(userId) }),
  });
};

export const useMarkAllRead = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson(`${base(userId)}/read-all`, { method: 'PUT', body: {} }),
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(notificationsKey(userId), (list) => list?.map((n) => ({ ...n, read: true })));
      queryClient.setQueryData([...notificationsKey(userId), 'unread-count'], { count: 0 });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey(userId) }),
  });
};
