// /admin/events (issue 33 point 1): the global log, filtered, newest first, a page at a time ("Load
// more" goes on from the last page's cursor). With only a correlation, the page shows that chain oldest
// first, each event with the event of the chain that caused it.
import { ListTree } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { adminEventsTexts, type AdminEvent } from '@contracts/admin-events';
import { AdminFrame } from '../components/admin-frame';
import { errorText } from '@/lib/http';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Card, CardHeader } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { atOf, filtersOf, useAdminEvents, useCorrelationChain, type EventFilters } from '../api/audit-api';
import { EventFiltersForm } from '../components/event-filters';
import { EventRow } from '../components/event-row';

const Loading = ({ label }: { label: string }) => (
  <div className="flex justify-center py-10">
    <Spinner label={label} />
  </div>
);

const EventList = ({ events, causes }: { events: AdminEvent[]; causes?: Map<string, AdminEvent> }) => (
  <ol className="divide-y divide-slate-100 border-t border-slate-100" data-testid="audit-events">
    {events.map((event) => (
      <EventRow key={event.globalPosition} event={event} cause={event.metadata.causationId ? causes?.get(event.metadata.causationId) : undefined} />
    ))}
  </ol>
);

const Empty = () => (
  <EmptyState icon={<ListTree />} title={adminEventsTexts.empty}>
    Widen the time range or clear a filter.
  </EmptyState>
);

const Chain = ({ correlationId }: { correlationId: string }) => {
  const chain = useCorrelationChain(correlationId);
  if (chain.isPending) return <Loading label="Loading the chain" />;
  if (chain.isError)
    return (
      <div className="p-5">
        <LoadFailedNotice title={adminEventsTexts.loadFailed} onRetry={() => void chain.refetch()}>
          {errorText(chain.error, 'The server did not answer. Try again.')}
        </LoadFailedNotice>
      </div>
    );
  if (chain.data.events.length === 0) return <Empty />;
  const causes = new Map(chain.data.events.map((event) => [event.metadata.eventId, event]));
  const streams = new Set(chain.data.events.map((event) => event.streamId)).size;
  return (
    <>
      <p className="px-5 pb-3 text-sm text-slate-600" data-testid="chain-summary">
        {chain.data.events.length} events across {streams} streams, in the order they were recorded{chain.data.truncated ? ' (the first 500)' : ''}.
      </p>
      <EventList events={chain.data.events} causes={causes} />
    </>
  );
};

const Browser = ({ filters, at }: { filters: EventFilters; at: string | null }) => {
  const pages = useAdminEvents(filters, at);
  if (pages.isPending) return <Loading label="Loading events" />;
  if (pages.isError)
    return (
      <div className="p-5">
        <LoadFailedNotice title={adminEventsTexts.loadFailed} onRetry={() => void pages.refetch()}>
          {errorText(pages.error, 'The server did not answer. Try again.')}
        </LoadFailedNotice>
      </div>
    );
  const events = pages.data.pages.flatMap((page) => page.events);
  if (events.length === 0 && !pages.hasNextPage) return <Empty />;
  return (
    <>
      {at !== null && (
        <p className="px-5 pb-3 text-sm text-slate-600" data-testid="events-at">
          From log position {at} down.{' '}
          <Link to={{ search: new URLSearchParams(filters as Record<string, string>).toString() }} className="font-medium text-brand-700 underline">
            Show the newest
          </Link>
        </p>
      )}
      <EventList events={events} />
      <div className="flex justify-center p-4">
        {pages.hasNextPage ? (
          <Button variant="outline" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {adminEventsTexts.loadMore}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">The end of the matching events.</p>
        )}
      </div>
    </>
  );
};

export const EventsPage = () => {
  useDocumentTitle('Admin: events');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const at = atOf(params);
  const chainOnly = filters.correlation !== undefined && Object.keys(filters).length === 1;
  return (
    <AdminFrame title={adminEventsTexts.title}>
      <Card>
        <EventFiltersForm filters={filters} onApply={(chosen) => setParams(chosen as Record<string, string>)} />
      </Card>
      <Card className="overflow-hidden">
        <CardHeader
          title={chainOnly ? `Chain of ${filters.correlation}` : 'Events'}
          description={
            chainOnly ? 'Every event of this correlation, across its streams, with what caused each.' : 'Newest first. Open an event for its data and metadata.'
          }
          className="pb-3 [&_h2]:break-all"
        />
        {chainOnly ? <Chain correlationId={filters.correlation!} /> : <Browser filters={filters} at={at} />}
      </Card>
    </AdminFrame>
  );
};
