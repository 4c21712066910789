// Shared words and formats of the session area (document 000 §2-§4, §9): status labels, the tab a
// status belongs to, and how session dates, times and ages are shown. Dates and times arrive in the
// signed-in member's zone as YYYY-MM-DD and HH:MM, so they are formatted without any zone shift.
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

const parts = (date: string): [number, number, number] => {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return [y, m, d];
};

// One formatter per format, made on first use: `toLocaleDateString(undefined, options)` builds a new
// Intl.DateTimeFormat on every call, and a dashboard formats hundreds of days and times as it renders (its
// reschedule dialogs' time lists were most of its blocking time on a phone; issue 19 point 18).
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(undefined, options)));
  return made;
};

// The first Intl.DateTimeFormat a page makes loads the locale's data (~15 ms on a phone, more on a slow
// one), and each further format costs nearly as much: made in tasks of their own once this module loads,
// one format per task, they are not part of the long task that draws the dashboard's cards when their
// data arrives, nor one long task of their own (issue 19, Lighthouse on the dashboard: total blocking time).
if (typeof window !== 'undefined') {
  const warm = [() => formatDay('2000-01-01'), () => formatDay('2000-01-01', 'short'), () => formatClock('00:00')];
  const next = () => {
    warm.shift()?.();
    if (warm.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

/** 'Mon, May 12, 2025' for a YYYY-MM-DD date, whatever zone the browser runs in. */
export const formatDay = (date: string, style: 'long' | 'short' = 'long'): string => {
  const [y, m, d] = parts(date);
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
      : { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' };
  return formatter(`day-${style}`, options).format(new Date(Date.UTC(y, m - 1, d)));
};

/** '2:00 PM' for '14:00'. */
export const formatClock = (time: string): string => {
  const [h = 0, min = 0] = time.split(':').map(Number);
  return formatter('clock', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, h, min)));
};

/** The end of a session that starts at `time` and lasts `hours`, as HH:MM (may pass midnight). */
export const endClock = (time: string, hours: number): string => {
  const [h = 0, min = 0] = time.split(':').map(Number);
  const total = (h * 60 + min + Math.round(hours * 60)) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

export const formatDuration = (hours: number): string => {
  if (hours === 0.75) return '45 minutes';
  if (hours === 1) return '1 hour';
  if (hours === 1.5) return '1.5 hours';
  const minutes = Math.round(hours * 60);
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
};

export const pointsText = (points: number): string => `${points} point${points === 1 ? '' : 's'}`;

/** Document 000 §9 (docs/decisions.md): under 1 h 'Just now', under 24 h 'Nh ago', under 7 days 'Nd ago', else the date. */
export const relativeAge = (iso: string, now: number = Date.now()): string => {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const hours = Math.floor(Math.max(0, now - then) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return new Date(then).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
};

/** 'n minutes ago' / 'n hours ago' for the 'Approved by' line; null once outside the 24 h window. */
export const recentAgo = (iso: string | null, now: number = Date.now()): string | null => {
  if (!iso) return null;
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes >= 24 * 60) return null;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'} ago`;
};

/** Months from the browser's current month to a YYYY-MM-DD date (the calendars' monthOffset). */
export const monthOffsetOfDate = (date: string, today: Date = new Date()): number => {
  const [y = 0, m = 1] = date.split('-').map(Number);
  return (y - today.getFullYear()) * 12 + (m - 1 - today.getMonth());
};

export const firstName = (name: string | null | undefined): string => (name ?? '').trim().split(/\s+/)[0] || 'there';
