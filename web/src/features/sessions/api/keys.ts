// The sessions feature's query keys, and which of them a change makes stale: a session's change (sent
// to both participants) refreshes the session and all that hangs off it; the sessions a member shares
// with others follow that member's own changes to their session views.
import { aboutAny, sessionViewTopics, type StaleKeys } from '@/lib/stale-keys';

export const sessionKeys = {
  all: ['sessions'] as const,
  one: (id: string) => [...sessionKeys.all, 'one', id] as const,
  thread: (id: string) => [...sessionKeys.one(id), 'thread'] as const,
  modifications: (id: string) => [...sessionKeys.one(id), 'modifications'] as const,
  mutualAvailability: (id: string, monthOffset: number) => [...sessionKeys.one(id), 'mutual-availability', monthOffset] as const,
  rescheduleSlots: (id: string, monthOffset: number) => [...sessionKeys.one(id), 'reschedule-slots', monthOffset] as const,
  sharedBy: (memberId: string) => [...sessionKeys.all, 'shared', memberId] as const,
  sharedWith: (me: string, other: string) => [...sessionKeys.sharedBy(me), other] as const,
};

export const sessionStaleKeys: StaleKeys = (change) => {
  switch (change.scope) {
    case 'session':
      return [{ queryKey: sessionKeys.one(change.id) }];
    case 'user':
      return aboutAny(change, sessionViewTopics) ? [{ queryKey: sessionKeys.sharedBy(change.id) }] : [];
    default:
      return [];
  }
};
