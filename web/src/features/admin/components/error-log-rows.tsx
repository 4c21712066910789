// The Error Log's rows (spec 002 §2): type, severity, status, category, message, method and path, member,
// time, count, members affected and a Details button; as a table from 1024 px (the type, its category and
// the message share a column, so the message has room), as cards below.
import { Search } from 'lucide-react';
import { errorTexts, type ErrorGroup } from '@contracts/admin-errors';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/ui/button';
import type { DataColumn } from '@/ui/table/types';
import { categoryLabels, ErrorUser, requestText, SeverityBadge, StatusBadge } from './error-badges';

const counts = new Intl.NumberFormat('en-US');

const DetailsButton = ({ group, onDetails }: { group: ErrorGroup; onDetails: (id: string) => void }) => (
  <Button size="sm" variant="outline" onClick={() => onDetails(group.id)} aria-label={`${errorTexts.details}: ${group.errorType}`} data-details={group.id}>
    <Search className="h-3.5 w-3.5" aria-hidden /> {errorTexts.details}
  </Button>
);

const Time = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;

export const errorLogColumns = (onDetails: (id: string) => void): DataColumn<ErrorGroup>[] => [
  {
    id: 'error',
    header: 'Error',
    value: (g) => `${g.errorType} ${g.message}`,
    cell: (g) => (
      <span className="block min-w-0 space-y-0.5">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-mono text-xs font-semibold break-words text-slate-900">{g.errorType}</span>
          <span className="text-xs text-slate-600">{categoryLabels[g.category]}</span>
        </span>
        <span className="line-clamp-2 break-words text-slate-800" title={g.message}>
          {g.message}
        </span>
      </span>
    ),
    sortable: false,
  },
  { id: 'severity', header: 'Severity', value: (g) => g.severity, cell: (g) => <SeverityBadge severity={g.severity} />, width: '6rem', sortable: false },
  { id: 'status', header: 'Status', value: (g) => g.status, cell: (g) => <StatusBadge status={g.status} />, width: '7rem', sortable: false },
  {
    id: 'request',
    header: 'Request',
    value: (g) => requestText(g.requestMethod, g.requestPath),
    cell: (g) => <span className="line-clamp-3 font-mono text-xs break-all">{requestText(g.requestMethod, g.requestPath)}</span>,
    width: '11rem',
    sortable: false,
  },
  { id: 'user', header: 'User', value: (g) => g.userId ?? '', cell: (g) => <ErrorUser userId={g.userId} />, width: '6rem', sortable: false },
  { id: 'time', header: 'Last seen', value: (g) => new Date(g.lastSeen), cell: (g) => <Time at={g.lastSeen} />, width: '7.5rem', sortable: false },
  { id: 'count', header: 'Count', value: (g) => g.count, cell: (g) => counts.format(g.count), align: 'end', width: '4.5rem', sortable: false },
  { id: 'members', header: 'Members', value: (g) => g.membersAffected, cell: (g) => counts.format(g.membersAffected), align: 'end', width: '5.5rem', sortable: false },
  { id: 'details', header: 'Details', cell: (g) => <DetailsButton group={g} onDetails={onDetails} />, width: '6.5rem' },
];

/** One group as a card, for a phone: the same facts, stacked. */
export const ErrorGroupCard = ({ group, onDetails }: { group: ErrorGroup; onDetails: (id: string) => void }) => (
  <article className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-group={group.id}>
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-mono text-sm font-semibold break-all text-slate-900">{group.errorType}</span>
      <SeverityBadge severity={group.severity} />
      <StatusBadge status={group.status} />
      <span className="text-xs text-slate-600">{categoryLabels[group.category]}</span>
    </div>
    <p className="text-sm break-words text-slate-800">{group.message}</p>
    <p className="font-mono text-xs break-all text-slate-600">{requestText(group.requestMethod, group.requestPath)}</p>
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ErrorUser userId={group.userId} />
        <Time at={group.lastSeen} />
        <span>
          {counts.format(group.count)} {group.count === 1 ? 'time' : 'times'}, {counts.format(group.membersAffected)} {group.membersAffected === 1 ? 'member' : 'members'}
        </span>
      </span>
      <DetailsButton group={group} onDetails={onDetails} />
    </div>
  </article>
);
