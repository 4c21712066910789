// The dashboard's figures (GET /api/admin/stats) and the members who stopped at a journey step (GET
// /api/admin/funnel/stopped, keyset-paged). Pushed over /ws while live (the 'admin' changes make the
// area's queries stale); the spec's 30 s is only the fallback while the socket is down (§9).
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { STATS_FALLBACK_MS, STOPPED_PAGE_DEFAULT, type AdminStats, type StoppedPage, type StoppedStep } from '@contracts/admin-stats';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { useLiveGate } from '../dashboard-store';
import { useAdminLive } from './admin-live';
import { adminRead } from './admin-read';
import { adminKeys } from './keys';

export const useAdminStats = () => {
  useAdminLive();
  const enabled = useLiveGate();
  return useQuery({
    queryKey: adminKeys.stats(),
    queryFn: (context) => adminRead<AdminStats>('/api/admin/stats', context),
    refetchInterval: useLiveFallbackInterval(STATS_FALLBACK_MS),
    enabled,
  });
};

export const stoppedUrl = (step: StoppedStep, cursor: string | null, limit = STOPPED_PAGE_DEFAULT) => {
  const params = new URLSearchParams({ step, limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/funnel/stopped?${params.toString()}`;
};

/** The members who stopped at `step`, asked only while their list is open. */
export const useStoppedMembers = (step: StoppedStep | null) => {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: adminKeys.stopped(step ?? ''),
    queryFn: ({ pageParam, signal }) => adminRead<StoppedPage>(stoppedUrl(step!, pageParam), { signal, client }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: step !== null,
  });
};
