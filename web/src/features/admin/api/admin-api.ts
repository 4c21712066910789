// Reads of the /api/admin scope. The followers' positions move with every event and the runtime sends
// no notice for them yet, so their view polls while the page is open.
import { useQuery } from '@tanstack/react-query';
import type { AdminMe } from '@contracts/admin-me';
import type { FollowersResponse } from '@contracts/admin-operations';
import { getJson } from '@/lib/http';
import { adminKeys } from './keys';

export const FOLLOWERS_POLL_MS = 5_000;

export const useAdminMe = () =>
  useQuery({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => getJson<AdminMe>('/api/admin/me', { signal }),
    staleTime: Infinity,
  });

export const useFollowers = () =>
  useQuery({
    queryKey: adminKeys.followers(),
    queryFn: async ({ signal }) => (await getJson<FollowersResponse>('/api/admin/operations/followers', { signal })).followers,
    refetchInterval: FOLLOWERS_POLL_MS,
  });
