import { CalendarCheck2, CalendarClock, History, Inbox, RefreshCw, SearchX } from 'lucide-react';
import { useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Session } from '@contracts/sessions';
import type { DashboardTab } from '@/lib/session-format';
import { Button, buttonClasses } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Spinner } from '@/ui/spinner';
import type { SessionsFilter } from '../api/dashboard-api';
import { useDashboardSessions } from '../api/dashboard-api';

const empty: Record<DashboardTab, { icon: ReactNode; title: string; text: string }> = {
  requested: { icon: <Inbox />, title: 'No session requests', text: 'Requests you send or receive show up here until the mentor answers.' },
  upcoming: { icon: <CalendarClock />, title: 'No upcoming sessions', text: 'Approved sessions appear here with their video-call link.' },
  completed: { icon: <CalendarCheck2 />, title: 'No completed sessions yet', text: 'Finished sessions land here, ready for your rating.' },
  history: { icon: <History />, title: 'No past requests', text: 'Cancelled, declined and rejected sessions are kept here.' },
};

export interface SessionsListProps {
  filter: SessionsFilter;
  ringedId: string | null;
  renderSession: (session: Session, highlighted: boolean) => ReactNode;
  onPage: (page: number) => void;
  onClear: () => void;
}

export const SessionsList = ({ filter, ringedId, renderSession, onPage, onClear }: SessionsListProps) => {
  const query = useDashboardSessions(filter);
  // Drawing the session cards is the dashboard's longest task. A query's answer renders at once, in one
  // task; the deferred copy renders as a background update, which React splits into short slices, so
  // the page answers input meanwhile (issue 19, Lighthouse on the dashboard: total blocking time).
  const data = useDeferredValue(query.data);
  if (query.isPending || (!data && !query.isError)) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading sessions" />
      </div>
    );
  }
  if (query.isError || !data) {
    return (
      <EmptyState
        icon={<RefreshCw />}
        title="Could not load your sessions"
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        Something went wrong on our side. Please try again.
      </EmptyState>
    );
  }
  const { sessions, page, totalPages, total } = data;
  const filtered = !!(filter.search || filter.skill || filter.status);
  if (sessions.length === 0) {
    const look = empty[filter.tab];
    return filtered ? (
      <EmptyState
        icon={<SearchX />}
        title="No sessions match your filters"
        action={
          <Button variant="outline" onClick={onClear}>
            Clear all
          </Button>
        }
      >
        Try another name or skill, or clear the filters.
      </EmptyState>
    ) : (
      <EmptyState
        icon={look.icon}
        title={look.title}
        action={
          filter.tab === 'requested' ? (
            <Link to="/search" className={buttonClasses('primary')}>
              Find a mentor
            </Link>
          ) : undefined
        }
      >
        {look.text}
      </EmptyState>
    );
  }
  const pages = Math.max(1, totalPages);
  return (
    <div className="space-y-4" aria-busy={query.isFetching || undefined}>
      <ul className="space-y-4" data-testid="session-list" data-tab={filter.tab}>
        {sessions.map((session) => (
          <li key={session.id}>{renderSession(session, session.id === ringedId)}</li>
        ))}
      </ul>
      <nav className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4" aria-label="Pages">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <p className="text-sm text-slate-600" data-testid="page-indicator">
          Page {page} of {pages}
          <span className="hidden text-slate-500 sm:inline">
            {' '}
            · {total} session{total === 1 ? '' : 's'}
          </span>
        </p>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </nav>
    </div>
  );
};
