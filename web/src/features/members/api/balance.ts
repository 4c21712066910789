import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '@contracts/members';
import { ApiError, getJson } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { memberKeys } from './keys';

export const fetchBalance = async (userId: string, signal?: AbortSignal): Promise<Balance> => {
  try {
    return await getJson<Balance>(`/api/users/${encodeURIComponent(userId)}/balance`, { signal });
  } catch (error) {
    // Document 000 §8 names this failure; the status is kept so retries still see a 4xx as final.
    if (error instanceof ApiError) throw new ApiError('Failed to fetch user balance', error.status, error.serverMessage);
    throw error;
  }
};

export const balanceQuery = (userId: string) =>
  queryOptions({
    queryKey: memberKeys.balance(userId),
    queryFn: ({ signal }) => fetchBalance(userId, signal),
    staleTime: 30_000,
  });

/** Live through the websocket; the spec's 60 s poll runs only while the socket is down. */
export const useBalance = (userId: string) => {
  const refetchInterval = useLiveFallbackInterval(60_000);
  return useQuery({ ...balanceQuery(userId), refetchInterval });
};
