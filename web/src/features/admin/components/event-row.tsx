// One event of the browser or of a chain: its type, stream and time at a glance; opened, its data and
// metadata as elements, the event that caused it, and links to follow its correlation and to open its
// stream at this event (issue 33 point 1).
import { GitBranch, History } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminEvent } from '@contracts/admin-events';
import { buttonClasses } from '@/ui/button';
import { JsonBlock } from './json-view';
import { formatDateTime } from '@/lib/dates';

export const streamLink = (streamId: string, at?: number) => `/admin/streams/${encodeURIComponent(streamId)}${at === undefined ? '' : `?at=${at}`}`;
export const correlationLink = (correlationId: string) => `/admin/events?correlation=${encodeURIComponent(correlationId)}`;

export const EventRow = ({ event, cause }: { event: AdminEvent; cause?: AdminEvent | undefined }) => (
  <li data-testid="audit-event" data-type={event.type}>
    <details className="group">
      <summary className="grid cursor-pointer grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto] sm:px-5">
        <span className="font-medium break-all text-slate-900">{event.type}</span>
        <span className="col-span-2 row-start-2 truncate font-mono text-xs text-slate-600 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:text-sm">
          {event.streamId} <span className="text-slate-500">#{event.streamPosition}</span>
        </span>
        <time dateTime={event.recordedAt} className="col-start-2 row-start-1 text-xs text-slate-600 sm:col-start-3">
          {formatDateTime(event.recordedAt)}
        </time>
      </summary>
      <div className="space-y-3 border-t border-slate-100 bg-white px-4 py-3 sm:px-5">
        <p className="text-sm text-slate-600">
          Log position {event.globalPosition}
          {event.metadata.causationId &&
            (cause ? (
              <>
                ; caused by <span className="font-medium text-slate-900">{cause.type}</span> at {cause.globalPosition}
              </>
            ) : (
              <>; caused by event {event.metadata.causationId}</>
            ))}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={correlationLink(event.metadata.correlationId)} className={buttonClasses('outline', 'sm')}>
            <GitBranch className="h-4 w-4" aria-hidden /> Follow correlation
          </Link>
          <Link to={streamLink(event.streamId, event.streamPosition)} className={buttonClasses('outline', 'sm')}>
            <History className="h-4 w-4" aria-hidden /> Open stream here
          </Link>
        </div>
        <div className="grid gap-3 lg:grid-cols-2">
          <JsonBlock title="Data" value={event.data} testId="event-data" />
          <JsonBlock title="Metadata" value={event.metadata} testId="event-metadata" />
        </div>
      </div>
    </details>
  </li>
);
