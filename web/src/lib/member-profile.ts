// A member's public profile, read by the members feature (the profile page) and the booking feature
// (the mentor on the booking page), so it lives in lib like the current user: one key, one request,
// and either page warms the other's cache.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contracts/members';
import { getJson } from './http';
import { aboutAny, memberViewTopics, type StaleKeys } from './stale-keys';

export const memberProfileKeys = {
  all: ['member-profile'] as const,
  one: (userId: string) => [...memberProfileKeys.all, userId] as const,
};

export const memberProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: memberProfileKeys.one(userId),
    queryFn: ({ signal }) => getJson<User>(`/api/users/${encodeURIComponent(userId)}`, { signal }),
  });

export const useMemberProfile = (userId: string, enabled = true) => useQuery({ ...memberProfileQuery(userId), enabled });

// GET /api/users/{id} is the member view: profile, points and figures.
export const memberProfileStaleKeys: StaleKeys = (change) =>
  change.scope === 'user' && aboutAny(change, memberViewTopics) ? [{ queryKey: memberProfileKeys.one(change.id) }] : [];
