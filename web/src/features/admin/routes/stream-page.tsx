// /admin/streams/{streamId}?at= (issue 33 point 2): a stream's events in order and, at the chosen one, each
// decider's state before and after it with the diff (whole; the states' long collections shortened).
// Stepping changes `at` in the URL, so a step can be linked and the browser's back button steps back.
import { ChevronLeft, ChevronRight, GitBranch } from 'lucide-react';
import clsx from 'clsx';
import { Link, useParams, useSearchParams } from 'react-router';
import { adminStreamTexts, type AdminStream } from '@contracts/admin-streams';
import { AdminFrame } from '../components/admin-frame';
import { errorText, isStatus } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Badge } from '@/ui/badge';
import { Button, buttonClasses } from '@/ui/button';
import { Card, CardHeader } from '@/ui/card';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { useStreamAt } from '../api/audit-api';
import { correlationLink } from '../components/event-row';
import { JsonBlock } from '../components/json-view';
import { StateDiffList } from '../components/state-diff';
import { formatDateTime } from '@/lib/dates';

const EventsOfStream = ({ stream, onPick }: { stream: AdminStream; onPick: (at: number) => void }) => (
  <ol className="max-h-[28rem] divide-y divide-slate-100 overflow-auto border-t border-slate-100" data-testid="stream-events">
    {stream.page.events.map((event) => (
      <li key={event.position}>
        <button
          type="button"
          onClick={() => onPick(event.position)}
          aria-current={event.position === stream.at ? 'step' : undefined}
          className={clsx('flex w-full items-baseline gap-2 px-4 py-2 text-left text-sm hover:bg-slate-50', event.position === stream.at && 'bg-brand-50 font-semibold')}
        >
          <span className="w-10 shrink-0 text-right font-mono text-xs text-slate-600">#{event.position}</span>
          <span className="min-w-0 flex-1 break-all text-slate-900">{event.type}</span>
        </button>
      </li>
    ))}
  </ol>
);

const AtEvent = ({ stream }: { stream: AdminStream }) => (
  <div className="space-y-4 p-5" data-testid="stream-at">
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <Badge tone="brand">{stream.event.type}</Badge>
      <span>
        #{stream.at} of {stream.lastPosition}, log position {stream.event.globalPosition}, {formatDateTime(stream.event.occurredAt)}
      </span>
      <Link to={correlationLink(stream.event.correlationId)} className={buttonClasses('outline', 'sm')}>
        <GitBranch className="h-4 w-4" aria-hidden /> Follow correlation
      </Link>
    </div>
    <JsonBlock title="Event data" value={stream.event.data} />
    {stream.kind === 'raw' ? (
      <p className="text-sm text-slate-600">{adminStreamTexts.raw}</p>
    ) : (
      stream.folds.map((fold) => (
        <section key={fold.decider} className="space-y-3" aria-label={`State of ${fold.decider}`}>
          <h3 className="text-sm font-semibold text-slate-900">
            {fold.decider}: {fold.diff.length} {fold.diff.length === 1 ? 'change' : 'changes'}
          </h3>
          <StateDiffList changes={fold.diff} />
          {fold.shortened.before.length + fold.shortened.after.length > 0 && (
            <p className="text-xs text-slate-600" data-testid="state-shortened">
              {adminStreamTexts.shortened}
            </p>
          )}
          <div className="grid gap-3 lg:grid-cols-2">
            <JsonBlock title="Before" value={fold.before} testId="state-before" />
            <JsonBlock title="After" value={fold.after} testId="state-after" />
          </div>
        </section>
      ))
    )}
  </div>
);

export const StreamPage = () => {
  const streamId = useParams().streamId ?? '';
  useDocumentTitle(`Admin: ${streamId}`);
  const [params, setParams] = useSearchParams();
  const raw = params.get('at');
  const at = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const stream = useStreamAt(streamId, at);
  const go = (position: number) => setParams({ at: String(position) });
  const data = stream.data;
  return (
    <AdminFrame title={adminStreamTexts.title}>
      <Card className="overflow-hidden">
        <CardHeader
          title={<span className="font-mono break-all">{streamId}</span>}
          description={
            data
              ? `${data.category ? `Category ${data.category}` : 'No category'}, ${data.lastPosition + 1} ${data.lastPosition === 0 ? 'event' : 'events'}${data.kind === 'raw' ? ', not folded' : ''}`
              : stream.isPending
                ? 'Loading…'
                : undefined
          }
          action={
            data && (
              <div className="flex gap-1">
                <Button variant="outline" size="sm" disabled={data.at === 0} onClick={() => go(data.at - 1)} aria-label="Previous event">
                  <ChevronLeft className="h-4 w-4" aria-hidden />
                </Button>
                <Button variant="outline" size="sm" disabled={data.at === data.lastPosition} onClick={() => go(data.at + 1)} aria-label="Next event">
                  <ChevronRight className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            )
          }
          className="pb-3"
        />
        {stream.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading the stream" />
          </div>
        ) : stream.isError && !data ? (
          <div className="p-5">
            <LoadFailedNotice title={isStatus(stream.error, 404) ? adminStreamTexts.notFound : adminStreamTexts.loadFailed} onRetry={() => void stream.refetch()}>
              {errorText(stream.error, 'The server did not answer. Try again.')}
            </LoadFailedNotice>
          </div>
        ) : (
          data && (
            <div className="grid md:grid-cols-[16rem_1fr]">
              <div className="border-slate-100 md:border-r">
                <EventsOfStream stream={data} onPick={go} />
              </div>
              <div className={clsx('min-w-0', stream.isFetching && 'opacity-60')}>
                <AtEvent stream={data} />
              </div>
            </div>
          )
        )}
      </Card>
    </AdminFrame>
  );
};
