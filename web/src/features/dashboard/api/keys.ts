// The dashboard's query keys, and which of them a change makes stale: any session change may move a
// session between tabs and counts; the stats and activity summary follow the member's own changes, each
// only those of what it reads.
import { aboutAny, sessionViewTopics, type StaleKeys } from '@/lib/stale-keys';
import type { DashboardTab } from '@/lib/session-format';

export interface SessionsFilter {
  tab: DashboardTab;
  page: number;
  limit: number;
  search: string;
  skill: string;
  status: string;
}

const all = ['dashboard'] as const;
const lists = [...all, 'lists'] as const;

export const dashboardKeys = {
  all,
  /** Everything that lists sessions by tab: any session change may move one. */
  lists,
  sessions: (filter: SessionsFilter) => [...lists, 'sessions', filter] as const,
  counts: [...lists, 'counts'] as const,
  lookup: (sessionId: string) => [...dashboardKeys.lists, 'session', sessionId] as const,
  member: (userId: string) => [...dashboardKeys.all, 'member', userId] as const,
  stats: (userId: string) => [...dashboardKeys.member(userId), 'stats'] as const,
  activitySummary: (userId: string) => [...dashboardKeys.member(userId), 'activity-summary'] as const,
  mySessions: (userId: string) => [...dashboardKeys.member(userId), 'sessions'] as const,
};

export const dashboardStaleKeys: StaleKeys = (change) => {
  switch (change.scope) {
    case 'session':
      return [{ queryKey: dashboardKeys.lists }];
    case 'user':
      return [
        // GET /api/dashboard/stats: the member's points (balances) and figures (member-stats).
        ...(aboutAny(change, ['balance', 'stats']) ? [{ queryKey: dashboardKeys.stats(change.id) }] : []),
        // The activity summary (upcoming sessions, counts, requests to answer) and the member's sessions
        // (the skill filter's options) are session views.
        ...(aboutAny(change, sessionViewTopics) ? [{ queryKey: dashboardKeys.activitySummary(change.id) }, { queryKey: dashboardKeys.mySessions(change.id) }] : []),
      ];
    default:
      return [];
  }
};
