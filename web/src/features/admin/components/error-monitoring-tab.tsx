// The dashboard's Error Monitoring tab (spec 002 §2): the newest error groups with type, severity, an
// Unresolved badge, message, path, category, member and time ('No recent errors' when there is none), and
// the way to /admin/errors for the rest. Governed by the dashboard's live switch (20 s fallback).
import { ArrowRight, Bug } from 'lucide-react';
import { Link } from 'react-router';
import { errorTexts, type ErrorGroup } from '@contracts/admin-errors';
import { formatDateTime } from '@/lib/dates';
import { buttonClasses } from '@/ui/button';
import { Card, CardHeader } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { useErrorGroups } from '../api/errors-api';
import { categoryLabels, ErrorUser, requestText, SeverityBadge, StatusBadge } from './error-badges';

/** The tab's list: the newest groups; the page has the rest. */
export const ERROR_TAB_LIMIT = 50;

const Row = ({ group }: { group: ErrorGroup }) => (
  <li className="space-y-1 px-5 py-3 sm:px-6" data-group={group.id}>
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-mono text-sm font-semibold break-all text-slate-900">{group.errorType}</span>
      <SeverityBadge severity={group.severity} />
      {!group.resolved && <StatusBadge status={group.status} />}
      <span className="text-xs text-slate-600">{categoryLabels[group.category]}</span>
    </div>
    <p className="text-sm break-words text-slate-800">{group.message}</p>
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
      <span className="font-mono break-all">{requestText(group.requestMethod, group.requestPath)}</span>
      <ErrorUser userId={group.userId} />
      <time dateTime={group.lastSeen} className="whitespace-nowrap">
        {formatDateTime(group.lastSeen)}
      </time>
    </div>
  </li>
);

export interface ErrorMonitoringListProps {
  groups: ErrorGroup[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

export const ErrorMonitoringList = ({ groups, failed, onRetry }: ErrorMonitoringListProps) => {
  if (!groups && failed)
    return (
      <div className="px-5 pb-5 sm:px-6">
        <LoadFailedNotice title={errorTexts.loadFailed} onRetry={onRetry}>
          The server did not answer with the errors. Try again in a moment.
        </LoadFailedNotice>
      </div>
    );
  if (!groups)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the errors" />
      </div>
    );
  if (groups.length === 0) return <EmptyState icon={<Bug />} title={errorTexts.emptyLog} />;
  return (
    <ul
      className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto border-t border-slate-100"
      aria-label="Recent errors"
      data-testid="error-tab-list"
      tabIndex={0}
    >
      {groups.map((group) => (
        <Row key={group.id} group={group} />
      ))}
    </ul>
  );
};

export const ErrorMonitoringTab = () => {
  const groups = useErrorGroups({ severity: 'all', status: 'all', limit: ERROR_TAB_LIMIT }, { onDashboard: true });
  return (
    <Card className="overflow-hidden" data-testid="error-monitoring-tab">
      <CardHeader
        title={errorTexts.title}
        description="Server and browser errors, grouped, newest first."
        action={
          <Link to="/admin/errors" className={buttonClasses('outline', 'sm')}>
            Open error monitoring <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        }
        className="pb-3"
      />
      <ErrorMonitoringList groups={groups.data} failed={groups.isError} onRetry={() => void groups.refetch()} />
    </Card>
  );
};
