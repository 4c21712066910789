// The booking feature's query keys, and which of them a change makes stale: a member's change (a
// booking, a cancellation, new availability) may free or take their slots; likes are the viewer's own.
import { aboutAny, type StaleKeys } from '@/lib/stale-keys';

export const bookingKeys = {
  all: ['booking'] as const,
  slots: (mentorId: string) => [...bookingKeys.all, 'slots', mentorId] as const,
  slotsOf: (mentorId: string, duration: number, monthOffset: number) => [...bookingKeys.slots(mentorId), duration, monthOffset] as const,
  likes: (viewerId: string) => [...bookingKeys.all, 'likes', viewerId] as const,
  like: (viewerId: string, skillId: string) => [...bookingKeys.likes(viewerId), skillId] as const,
};

export const bookingStaleKeys: StaleKeys = (change) => {
  if (change.scope !== 'user') return [];
  return [
    // A mentor's free slots: their availability and time zone (members) less their booked sessions.
    ...(aboutAny(change, ['profile', 'sessions']) ? [{ queryKey: bookingKeys.slots(change.id) }] : []),
    // A skill's like status (its count, and whether the viewer likes it): the skill-likes read model.
    ...(aboutAny(change, ['likes']) ? [{ queryKey: bookingKeys.likes(change.id) }] : []),
  ];
};
