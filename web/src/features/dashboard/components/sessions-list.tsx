import { CalendarCheck2, CalendarClock, History, Inbox, SearchX } from 'lucide-react';
import { useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Session } from '@contracts/sessions';
import type { DashboardTab } from '@/lib/session-format';
import { Button, buttonClasses } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { DataTable } from '@/ui/table/data-table';
import type { DataColumn } from '@/ui/table/types';
import type { SessionsFilter } from '../api/dashboard-api';
import { useDashboardSessions } from '../api/dashboard-api';

// The spec draws My Sessions as cards (document 000 §2), so the rows are the session cards; the columns
// say what a session is sorted and searched by, and the server already did both (the kit keeps its order).
const columns: DataColumn<Session>[] = [
  { id: 'skill', header: 'Skill', value: (s) => s.skill_name },
  { id: 'when', header: 'When', value: (s) => s.scheduled_at },
  { id: 'status', header: 'Status', value: (s) => s.status },
];
const sessionId = (session: Session) => session.id;

const empty: Record<DashboardTab, { icon: ReactNode; title: string; text: string }> = {
  requested: { icon: <Inbox />, title: 'No session requests', text: 'Requests you send or receive show up here until the mentor answers.' },
  upcoming: { icon: <CalendarClock />, title: 'No upcoming sessions', text: 'Approved sessions appear here with their video-call link.' },
  completed: { icon: <CalendarCheck2 />, title: 'No completed sessions yet', text: 'Finished sessions land here, ready for your rating.' },
  history: { icon: <History />, title: 'No past requests', text: 'Cancelled, declined and rejected sessions are kept here.' },
};

const noSessions: Session[] = [];

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
  const filtered = !!(filter.search || filter.skill || filter.status);
  const look = empty[filter.tab];
  const total = data?.total ?? 0;
  return (
    <DataTable
      label="Sessions"
      columns={columns}
      rows={data?.sessions ?? noSessions}
      rowId={sessionId}
      manual
      status={query.isPending || (!data && !query.isError) ? 'pending' : query.isError || !data ? 'error' : 'success'}
      busy={query.isFetching}
      onRetry={() => void query.refetch()}
      errorTitle="Could not load your sessions"
      renderCard={(session) => renderSession(session, session.id === ringedId)}
      bodyData={{ 'data-testid': 'session-list', 'data-tab': filter.tab }}
      paging={{ kind: 'pages', page: data?.page ?? 1, pageCount: data?.totalPages ?? 1, totalLabel: `${total} session${total === 1 ? '' : 's'}`, onPage }}
      empty={
        filtered ? (
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
        )
      }
    />
  );
};
