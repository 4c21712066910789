// The dashboard's reads; keys.ts says which changes make each stale.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivitySummary, DashboardCounts, DashboardPage, DashboardStats } from '@contracts/dashboard';
import type { Session } from '@contracts/sessions';
import { getJson } from '@/lib/http';
import { dashboardPageLimit } from '../dashboard-rules';
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

const dashboardCountsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.counts, queryFn: ({ signal }) => getJson<DashboardCounts>('/api/dashboard/counts', { signal }) });

const dashboardStatsQuery = (userId: string) =>
  queryOptions({ queryKey: dashboardKeys.stats(userId), queryFn: ({ signal }) => getJson<DashboardStats>('/api/dashboard/stats', { signal }) });

const activitySummaryQuery = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.activitySummary(userId),
    queryFn: ({ signal }) => getJson<ActivitySummary>(`/api/users/${encodeURIComponent(userId)}/activity-summary`, { signal }),
  });

const mySessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.mySessions(userId),
    queryFn: ({ signal }) => getJson<Session[]>(`/api/users/${encodeURIComponent(userId)}/sessions`, { signal }),
    staleTime: 60_000,
  });

export const useDashboardCounts = () => useQuery(dashboardCountsQuery());

export const useDashboardStats = (userId: string) => useQuery(dashboardStatsQuery(userId));

export const useActivitySummary = (userId: string) => useQuery(activitySummaryQuery(userId));

/** All of the member's sessions, for the skill filter's options. */
export const useMySessions = (userId: string) => useQuery(mySessionsQuery(userId));

/** The reads of the dashboard's first screen, as its components first ask for them (no tab, filter or page chosen). */
export const dashboardFirstReads = (userId: string) => [
  dashboardCountsQuery(),
  dashboardStatsQuery(userId),
  dashboardSessionsQuery({ tab: 'requested', page: 1, limit: dashboardPageLimit(false), search: '', skill: '', status: '' }),
  activitySummaryQuery(userId),
  mySessionsQuery(userId),
];

/** One session, to learn which tab holds a highlighted one. */
export const useSessionLookup = (sessionId: string | null) =>
  useQuery({
    queryKey: dashboardKeys.lookup(sessionId ?? ''),
    queryFn: ({ signal }) => getJson<Session>(`/api/sessions/${encodeURIComponent(sessionId ?? '')}`, { signal }),
    enabled: !!sessionId,
    retry: false,
  });
