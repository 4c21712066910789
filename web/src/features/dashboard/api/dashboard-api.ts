// The dashboard's reads. Session lists and tab counts come from the sessions read model and sit under
// ['dashboard'] (session notices); stats and the activity summary sit under the member's own
// ['users', id] key, which the user notices of the balance and member-stats projectors refresh.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivitySummary, DashboardCounts, DashboardPage, DashboardStats } from '@contracts/dashboard';
import type { Session } from '@contracts/sessions';
import { getJson } from '@/lib/http';
import type { DashboardTab } from '@/lib/session-format';

export interface SessionsFilter {
  tab: DashboardTab;
  page: number;
  limit: number;
  search: string;
  skill: string;
  status: string;
}

export const dashboardSessionsQuery = (filter: SessionsFilter) =>
  queryOptions({
    queryKey: ['dashboard', 'sessions', filter] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ tab: filter.tab, page: String(filter.page), limit: String(filter.limit) });
      if (filter.search.trim()) params.set('search', filter.search.trim());
      if (filter.skill) params.set('skill', filter.skill);
      if (filter.status) params.set('status', filter.status);
      return getJson<DashboardPage>(`/api/dashboard/sessions?${params}`, { signal });
    },
  });

export const useDashboardSessions = (filter: SessionsFilter) => useQuery({ ...dashboardSessionsQuery(filter), placeholderData: keepPreviousData });

export const useDashboardCounts = () =>
  useQuery({ queryKey: ['dashboard', 'counts'] as const, queryFn: ({ signal }) => getJson<DashboardCounts>('/api/dashboard/counts', { signal }) });

export const useDashboardStats = (userId: string) =>
  useQuery({ queryKey: ['users', userId, 'dashboard-stats'] as const, queryFn: ({ signal }) => getJson<DashboardStats>('/api/dashboard/stats', { signal }) });

export const useActivitySummary = (userId: string) =>
  useQuery({
    queryKey: ['users', userId, 'activity-summary'] as const,
    queryFn: ({ signal }) => getJson<ActivitySummary>(`/api/users/${encodeURIComponent(userId)}/activity-summary`, { signal }),
  });

/** All of the member's sessions, for the skill filter's options. */
export const useMySessions = (userId: string) =>
  useQuery({
    queryKey: ['users', userId, 'sessions-with', userId] as const,
    queryFn: ({ signal }) => getJson<Session[]>(`/api/users/${encodeURIComponent(userId)}/sessions`, { signal }),
    staleTime: 60_000,
  });

/** One session, to learn which tab holds a highlighted one; the same key the session card uses. */
export const useSessionLookup = (sessionId: string | null) =>
  useQuery({
    queryKey: ['sessions', sessionId ?? ''] as const,
    queryFn: ({ signal }) => getJson<Session>(`/api/sessions/${encodeURIComponent(sessionId ?? '')}`, { signal }),
    enabled: !!sessionId,
    retry: false,
  });
