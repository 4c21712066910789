// Reads of the admin's members: the directory's keyset pages (infinite, newest first), the stat cards and
// one member's detail. They move with the admin-users read model's notices (admin-live.ts); the spec's
// 60 s refresh is only the fallback while the socket is down.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CorrectionBody, CorrectionResult } from '@contracts/admin-corrections';
import { USERS_PAGE_DEFAULT, USERS_REFRESH_MS, type AdminUsersPage, type UserDetail, type UserFilter, type UserStats } from '@contracts/admin-users';
import { sendJson } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { useAdminLive } from './admin-live';
import { adminRead } from './admin-read';
import { adminKeys } from './keys';

export const usersUrl = (search: string, filter: UserFilter, cursor: string | null, limit = USERS_PAGE_DEFAULT) => {
  const params = new URLSearchParams({ limit: String(limit) });
  if (search) params.set('search', search);
  if (filter !== 'all') params.set('filter', filter);
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/users?${params.toString()}`;
};

export const useAdminUsers = (search: string, filter: UserFilter, enabled = true) => {
  const client = useQueryClient();
  useAdminLive();
  const fallback = useLiveFallbackInterval(USERS_REFRESH_MS);
  return useInfiniteQuery({
    queryKey: adminKeys.userPages(search, filter),
    queryFn: ({ pageParam, signal }) => adminRead<AdminUsersPage>(usersUrl(search, filter, pageParam), { signal, client }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: fallback,
    // A new search keeps the last answer on screen until its own first page arrives.
    placeholderData: (previous) => previous,
    enabled,
  });
};

export const useUserStats = () => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.userStats(),
    queryFn: (context) => adminRead<UserStats>('/api/admin/user-stats', context),
    refetchInterval: useLiveFallbackInterval(USERS_REFRESH_MS),
  });
};

export const useUserDetail = (userId: string | null) => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.userDetail(userId ?? ''),
    queryFn: (context) => adminRead<UserDetail>(`/api/admin/user-detail?userId=${encodeURIComponent(userId!)}`, context),
    enabled: userId !== null,
    retry: 1,
    refetchInterval: useLiveFallbackInterval(USERS_REFRESH_MS),
  });
};

/** An admin's correction of a member's points (issue 33 point 4); the member's figures are read again after it. */
export const useCorrectBalance = (memberId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionBody) => sendJson<CorrectionResult>(`/api/admin/members/${encodeURIComponent(memberId)}/corrections`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.users() }),
  });
};
