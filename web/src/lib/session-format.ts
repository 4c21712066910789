// Shared words and formats of the session area (document 000 §2-§4, §9): status labels, the tab a
// status belongs to, and how durations and points are worded.
import type { Session } from '@contracts/sessions';

export type SessionStatus = Session['status'] | 'pending';
export type DashboardTab = 'requested' | 'upcoming' | 'completed' | 'history';

export const dashboardTabs: readonly { id: DashboardTab; label: string }[] = [
  { id: 'requested', label: 'Requested' },
  { id: 'upcoming', label: 'Upcoming' },
  { id: 'completed', label: 'Completed' },
  { id: 'history', label: 'History' },
];

export const statusLabels: Record<SessionStatus, string> = {
  requested: 'Requested',
  pending: 'Pending',
  confirmed: 'Confirmed',
  modification_pending: 'Awaiting Response',
  completed: 'Completed',
  cancelled: 'Cancelled',
  declined: 'Declined',
  rejected: 'Rejected',
};

export const isEndedWithoutSession = (status: string): boolean => status === 'cancelled' || status === 'declined' || status === 'rejected';

/**
 * Spec 000 §4: requested and pending go to Requested; confirmed and modification_pending to Upcoming;
 * only completed to Completed. Sessions that ended without taking place go to History.
 */
export const tabOfStatus = (status: string): DashboardTab | null => {
  if (status === 'requested' || status === 'pending') return 'requested';
  if (status === 'confirmed' || status === 'modification_pending') return 'upcoming';
  if (status === 'completed') return 'completed';
  if (isEndedWithoutSession(status)) return 'history';
  return null;
};

// Dates and times are formatted in lib/dates/ (date-fns); re-exported here for the session area.
export { endClock, formatClock, formatDay, monthOffsetOfDate, recentAgo, relativeAge } from './dates';

export const formatDuration = (hours: number): string => {
  if (hours === 0.75) return '45 minutes';
  if (hours === 1) return '1 hour';
  if (hours === 1.5) return '1.5 hours';
  const minutes = Math.round(hours * 60);
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
};

export const pointsText = (points: number): string => `${points} point${points === 1 ? '' : 's'}`;

export const firstName = (name: string | null | undefined): string => (name ?? '').trim().split(/\s+/)[0] || 'there';
