// Reads of the /api/admin scope. The followers' positions move with every event and the runtime sends
// no notice for them yet, so their view polls while the page is open.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminMe } from '@contracts/admin-me';
import type { FollowersResponse } from '@contracts/admin-operations';
import { currentUserKey } from '@/lib/current-user';
import { getJson, isStatus } from '@/lib/http';
import { adminKeys } from './keys';

export const FOLLOWERS_POLL_MS = 5_000;

/**
 * A 403 means the server no longer counts this member as an admin (ADMIN_EMAILS changed since the page
 * loaded): the current user is read again, and RequireAdmin sends them away instead of showing errors.
 */
const adminRead = async <T>(url: string, { signal, client }: { signal: AbortSignal; client: QueryClient }): Promise<T> => {
  try {
    return await getJson<T>(url, { signal });
  } catch (error) {
    if (isStatus(error, 403)) void client.invalidateQueries({ queryKey: currentUserKey });
    throw error;
  }
};

export const useAdminMe = () =>
  useQuery({
    queryKey: adminKeys.me(),
    queryFn: (context) => adminRead<AdminMe>('/api/admin/me', context),
    staleTime: Infinity,
  });

export const useFollowers = () =>
  useQuery({
    queryKey: adminKeys.followers(),
    queryFn: async (context) => (await adminRead<FollowersResponse>('/api/admin/operations/followers', context)).followers,
    refetchInterval: FOLLOWERS_POLL_MS,
  });
