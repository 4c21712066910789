// The notifications' query keys; the notifications projector announces a new one as the member's change.
import type { StaleKeys } from '@/lib/stale-keys';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => [...notificationKeys.all, userId] as const,
  unreadCount: (userId: string) => [...notificationKeys.list(userId), 'unread-count'] as const,
};

export const notificationStaleKeys: StaleKeys = (change) => (change.scope === 'user' ? [{ queryKey: notificationKeys.list(change.id) }] : []);
