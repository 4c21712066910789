// The notifications' query keys; the notifications projector announces a new one as the member's change.
import { aboutAny, type StaleKeys } from '@/lib/stale-keys';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => [...notificationKeys.all, userId] as const,
  unreadCount: (userId: string) => [...notificationKeys.list(userId), 'unread-count'] as const,
};

// The list and its unread count (under the list's key) read the notifications read model alone: the
// senders' names come with it, but their changes are announced to them, not to this member.
export const notificationStaleKeys: StaleKeys = (change) =>
  change.scope === 'user' && aboutAny(change, ['notifications']) ? [{ queryKey: notificationKeys.list(change.id) }] : [];
