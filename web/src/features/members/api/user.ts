import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contracts/members';
import { getJson } from '@/lib/http';

export const userKey = (userId: string) => ['users', userId] as const;

export const fetchUser = (userId: string, signal?: AbortSignal): Promise<User> =>
  getJson<User>(`/api/users/${encodeURIComponent(userId)}`, { signal });

export const userQuery = (userId: string) =>
  queryOptions({
    queryKey: userKey(userId),
    queryFn: ({ signal }) => fetchUser(userId, signal),
  });

export const useUser = (userId: string, enabled = true) => useQuery({ ...userQuery(userId), enabled });
