// The admin area's query keys, all under ['admin'] so one change can refresh the whole area.
import type { ErrorGroupsQuery } from '@contracts/admin-errors';
import type { UserFilter } from '@contracts/admin-users';

export const adminKeys = {
  all: ['admin'] as const,
  me: () => [...adminKeys.all, 'me'] as const,
  followers: () => [...adminKeys.all, 'operations', 'followers'] as const,
  adminActivities: () => [...adminKeys.all, 'admin-activities'] as const,
  activities: () => [...adminKeys.all, 'activities'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userPages: (search: string, filter: UserFilter) => [...adminKeys.users(), 'pages', search, filter] as const,
  userStats: () => [...adminKeys.users(), 'stats'] as const,
  userDetail: (userId: string) => [...adminKeys.users(), 'detail', userId] as const,
  /** The dashboard's figures (GET /api/admin/stats), and the members who stopped at a funnel step. */
  stats: () => [...adminKeys.all, 'stats'] as const,
  stopped: (step: string) => [...adminKeys.all, 'stats', 'stopped', step] as const,
  /** The AI Analytics tab's figures (GET /api/admin/ai/analytics). */
  aiAnalytics: () => [...adminKeys.all, 'ai-analytics'] as const,
  /** The health grade and its checks (GET /api/admin/health-metrics). */
  healthMetrics: () => [...adminKeys.all, 'health-metrics'] as const,
  /** The newest stored metrics samples (GET /api/admin/metrics). */
  metrics: () => [...adminKeys.all, 'metrics'] as const,
  /** The heat map (GET /api/admin/live-activity), per window, page, band and limit. */
  heatmap: () => [...adminKeys.all, 'heatmap'] as const,
  heatmapOf: (timeRange: string, page: string, band: string) => [...adminKeys.heatmap(), timeRange, page, band] as const,
  /** Every read of the error monitor: its groups, their stats and one group's details. */
  errorMonitor: () => [...adminKeys.all, 'errors'] as const,
  /** The error groups (GET /api/admin/errors), per search, severity, status and limit. */
  errors: (query: ErrorGroupsQuery) => [...adminKeys.errorMonitor(), 'groups', query.search ?? '', query.severity, query.status, query.limit] as const,
  /** The cards and the top error types (GET /api/admin/error-stats). */
  errorStats: () => [...adminKeys.errorMonitor(), 'stats'] as const,
  /** One group's details (GET /api/admin/errors/{groupId}). */
  errorGroup: (groupId: string) => [...adminKeys.errorMonitor(), 'group', groupId] as const,
  /** The event browser's pages per filter set, a correlation's chain and a stream at a position (issue 33). */
  events: (filters: string) => [...adminKeys.all, 'events', filters] as const,
  chain: (correlationId: string) => [...adminKeys.all, 'events', 'chain', correlationId] as const,
  stream: (streamId: string, at: number | null) => [...adminKeys.all, 'streams', streamId, at] as const,
  /** The ledger audit's state (GET /api/admin/audit/ledger) and one member's movements (issue 33 point 3). */
  ledgerAudit: () => [...adminKeys.all, 'ledger-audit'] as const,
  ledgerMovements: (memberId: string) => [...adminKeys.all, 'ledger-audit', 'members', memberId] as const,
};
