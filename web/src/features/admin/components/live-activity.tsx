// The Live Activity tab (spec 002 §2: type, user, path, details, time; 'No recent activities'), a
// virtualised ui/table over the newest page views, navigations, sign-ins and the members' domain actions,
// moving over /ws as members browse and act.
import { Activity as ActivityIcon } from 'lucide-react';
import type { Activity } from '@contracts/analytics';
import { liveActivityTexts } from '@contracts/analytics-limits';
import { formatDateTime } from '@/lib/dates';
import { Badge, type BadgeTone } from '@/ui/badge';
import { EmptyState } from '@/ui/empty-state';
import { DataTable } from '@/ui/table/data-table';
import type { DataColumn } from '@/ui/table/types';
import { useActivities } from '../api/admin-api';
import { spokenEventType } from './spoken-event-type';

/** The server's order, newest first, is the table's: no column re-sorts it. */
const NONE: Activity[] = [];

const typeLabels: Record<Activity['activity_type'], string> = { page_view: 'Page view', navigation: 'Navigation', sign_in: 'Sign-in', action: 'Action' };
const typeTones: Record<Activity['activity_type'], BadgeTone> = { page_view: 'brand', navigation: 'info', sign_in: 'success', action: 'warning' };

const columns: DataColumn<Activity>[] = [
  {
    id: 'type',
    header: 'Type',
    value: (a) => typeLabels[a.activity_type],
    cell: (a) => <Badge tone={typeTones[a.activity_type]}>{typeLabels[a.activity_type]}</Badge>,
    width: '8rem',
    sortable: false,
  },
  { id: 'user', header: 'User', value: (a) => a.user_name ?? a.user_id ?? liveActivityTexts.anonymous, width: '10rem', sortable: false },
  { id: 'path', header: 'Path', value: (a) => a.page_path, cell: (a) => <span className="font-mono text-xs break-all">{a.page_path}</span>, sortable: false },
  {
    id: 'details',
    header: 'Details',
    // An action's details are its event type, shown as words (the type in the title).
    value: (a) => (a.activity_type === 'action' && a.details ? spokenEventType(a.details) : a.details),
    cell: (a) =>
      a.activity_type === 'action' && a.details ? (
        <span className="text-xs text-slate-700" title={a.details}>
          {spokenEventType(a.details)}
        </span>
      ) : (
        <span className="font-mono text-xs break-all text-slate-600">{a.details}</span>
      ),
    sortable: false,
  },
  {
    id: 'time',
    header: 'Time',
    value: (a) => new Date(a.created_at),
    cell: (a) => (
      <time dateTime={a.created_at} className="whitespace-nowrap">
        {formatDateTime(a.created_at)}
      </time>
    ),
    sortable: false,
    width: '13rem',
  },
];

export const LiveActivity = () => {
  const activities = useActivities();
  const rows = activities.data ?? NONE;
  return (
    // Scrolls sideways on a phone (the columns keep their widths); focusable so a keyboard can scroll it too.
    <div className="overflow-x-auto" data-testid="live-activity" role="region" aria-label={`${liveActivityTexts.title}, scrolls sideways`} tabIndex={0}>
      {/* The columns' width only once there are rows: the loading, empty and failed states fit a phone. */}
      <div className={rows.length > 0 ? 'min-w-[44rem]' : undefined}>
        <DataTable
          label={liveActivityTexts.title}
          columns={columns}
          rows={rows}
          manual
          rowId={(a) => a.id}
          status={activities.status}
          onRetry={() => void activities.refetch()}
          empty={<EmptyState icon={<ActivityIcon />} title={liveActivityTexts.empty} />}
          virtual={{ height: 384, rowHeight: 41 }}
          bodyData={{ 'data-live-activity': 'rows' }}
        />
      </div>
    </div>
  );
};
