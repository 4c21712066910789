import { Activity, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatClock, formatDay } from '@/lib/session-format';
import { Avatar } from '@/ui/avatar';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { useActivitySummary } from '../api/dashboard-api';

const Count = ({ label, value, testId }: { label: string; value: number | undefined; testId: string }) => (
  <div className="rounded-xl bg-slate-50 px-2 py-3 text-center">
    <p className="text-xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
      {value ?? '–'}
    </p>
    <p className="text-xs text-slate-500">{label}</p>
  </div>
);

export const ActivitySummary = ({ userId }: { userId: string }) => {
  const summary = useActivitySummary(userId);
  const data = summary.data;
  return (
    <Card data-testid="activity-summary">
      <CardHeader icon={<Activity className="h-5 w-5" />} title="Activity Summary" />
      <CardBody className="space-y-4">
        <div className="grid grid-cols-3 gap-2">
          <Count label="Upcoming" value={data?.upcomingCount} testId="summary-upcoming" />
          <Count label="Requested" value={data?.requestedCount} testId="summary-requested" />
          <Count label="Completed" value={data?.completedCount} testId="summary-completed" />
        </div>
        {!!data?.actionRequired && (
          <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
            {data.actionRequired} session{data.actionRequired === 1 ? ' needs' : 's need'} your answer
          </p>
        )}
        {data && data.upcoming.length > 0 ? (
          <ul className="space-y-1" aria-label="Next sessions">
            {data.upcoming.map((s) => (
              <li key={s.id}>
                <Link to={`/dashboard?highlight=${encodeURIComponent(s.id)}`} className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50">
                  <Avatar name={s.other_user?.name ?? '?'} src={s.other_user?.avatar} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{s.skill_name}</p>
                    <p className="truncate text-xs text-slate-500">
                      {formatDay(s.session_date, 'short')} · {formatClock(s.session_time)}
                    </p>
                  </div>
                  <ChevronRight className="h-4 w-4 text-slate-300" />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          data && <p className="text-sm text-slate-500">No upcoming sessions. Book one from search!</p>
        )}
      </CardBody>
    </Card>
  );
};
