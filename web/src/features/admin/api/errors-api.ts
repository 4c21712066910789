// The error monitor's reads and actions (api/contracts/admin-errors.ts). Each stored batch of errors says
// `errors_stored` on the admin's socket (admin-live.ts), which reads them again at most once a second; the
// spec's intervals (errors 30 s, stats 60 s, 20 s on the dashboard in live mode) only while the socket is down.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_STATS_FALLBACK_MS,
  ERRORS_FALLBACK_MS,
  ERRORS_LIVE_FALLBACK_MS,
  type ErrorGroup,
  type ErrorGroupDetail,
  type ErrorGroupsQuery,
  type ErrorStats,
} from '@contracts/admin-errors';
import { sendJson } from '@/lib/http';
import { useLiveFallbackInterval } from '@/lib/live-socket';
import { useLiveGate } from '../dashboard-store';
import { useAdminLive } from './admin-live';
import { adminRead } from './admin-read';
import { adminKeys } from './keys';

export type ErrorGroupAction = 'resolve' | 'ignore' | 'reopen';

export const errorGroupsUrl = ({ search, severity, status, limit }: ErrorGroupsQuery): string => {
  const params = new URLSearchParams({ severity, status, limit: String(limit) });
  if (search) params.set('search', search);
  return `/api/admin/errors?${params}`;
};

/** On the dashboard's tab the live switch governs it (paused, read only on 'Refresh All'); on /admin/errors it always reads. */
export const useErrorGroups = (query: ErrorGroupsQuery, { onDashboard = false }: { onDashboard?: boolean } = {}) => {
  useAdminLive();
  const gate = useLiveGate();
  return useQuery({
    queryKey: adminKeys.errors(query),
    queryFn: (context) => adminRead<ErrorGroup[]>(errorGroupsUrl(query), context),
    refetchInterval: useLiveFallbackInterval(onDashboard ? ERRORS_LIVE_FALLBACK_MS : ERRORS_FALLBACK_MS),
    // A new search keeps the last rows on screen until its answer comes, rather than a spinner per keystroke.
    placeholderData: keepPreviousData,
    enabled: onDashboard ? gate : true,
  });
};

export const useErrorStats = () => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.errorStats(),
    queryFn: (context) => adminRead<ErrorStats>('/api/admin/error-stats', context),
    refetchInterval: useLiveFallbackInterval(ERROR_STATS_FALLBACK_MS),
  });
};

export const useErrorGroup = (groupId: string | null) => {
  useAdminLive();
  return useQuery({
    queryKey: adminKeys.errorGroup(groupId ?? ''),
    queryFn: (context) => adminRead<ErrorGroupDetail>(`/api/admin/errors/${groupId}`, context),
    enabled: groupId !== null,
  });
};

/** Resolve, ignore or reopen a group with the admin's reason; every error read follows (the socket may be down). */
export const useErrorGroupAction = (groupId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: ErrorGroupAction; reason: string }) => sendJson<unknown>(`/api/admin/errors/${groupId}/${action}`, { body: { reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.errorMonitor() }),
  });
};
