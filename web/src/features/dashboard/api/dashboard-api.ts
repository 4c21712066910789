// The dashboard's reads; keys.ts says which changes make each stale.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivitySummary, DashboardCounts, DashboardPage, DashboardStats } from '@contracts/dashboard';
import type { Session } from '@contracts/sessions';
import { getJson } from '@/lib/http';
import { dashboardKeys } from './keys';
import type { SessionsFilter } from './keys';

export type { SessionsFilter };

export const dashboardSessionsQuery = (filter: SessionsFilter) =>
  queryOptions({
    queryKey: dashboardKeys.sessions(filter),
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
  useQuery({ queryKey: dashboardKeys.counts, queryFn: ({ signal }) => getJson<DashboardCounts>('/api/dashboard/counts', { signal }) });

export const useDashboardStats = (userId: string) =>
  useQuery({ queryKey: dashboardKeys.stats(userId), queryFn: ({ signal }) => getJson<DashboardStats>('/api/dashboard/stats', { signal }) });

export const useActivitySummary = (userId: string) =>
  useQuery({
    queryKey: dashboardKeys.activitySummary(userId),
    queryFn: ({ signal }) => getJson<ActivitySummary>(`/api/users/${encodeURIComponent(userId)}/activity-summary`, { signal }),
  });

/** All of the member's sessions, for the skill filter's options. */
export const useMySessions = (userId: string) =>
  useQuery({
    queryKey: dashboardKeys.mySessions(userId),
    queryFn: ({ signal }) => getJson<Session[]>(`/api/users/${encodeURIComponent(userId)}/sessions`, { signal }),
    staleTime: 60_000,
  });

/** One session, to learn which tab holds a highlighted one. */
export const useSessionLookup = (sessionId: string | null) =>
  useQuery({
    queryKey: dashboardKeys.lookup(sessionId ?? ''),
    queryFn: ({ signal }) => getJson<Session>(`/api/sessions/${encodeURIComponent(sessionId ?? '')}`, { signal }),
    enabled: !!sessionId,
    retry: false,
  });
