// The admin client's pages (the dashboard at /admin, the followers at /admin/operations, ...), in one lazily loaded module so the whole area is one chunk a member never
// loads (web/src/app/router.tsx; test/e2e/admin-bundle.e2e.test.ts checks it).
import { Cable } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { errorTexts } from '@contracts/admin-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Card, CardHeader } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { Spinner } from '@/ui/spinner';
import { FOLLOWERS_POLL_MS, useFollowers } from '../api/admin-api';
import { AdminFrame } from '../components/admin-frame';
import { ErrorMonitor, ErrorsRefresh } from '../components/error-monitor';
import { FollowersTable } from '../components/followers-table';

export { AdminDashboardPage } from './admin-dashboard-page';
export { AdminInspectorPage, AdminUsersPage } from './admin-users-pages';

// The event browser and time travel (issue 33): a chunk of their own, fetched when first opened.
const EventsPage = lazy(async () => ({ default: (await import('./audit-pages')).EventsPage }));
const StreamPage = lazy(async () => ({ default: (await import('./audit-pages')).StreamPage }));
const LedgerAuditPage = lazy(async () => ({ default: (await import('./audit-pages')).LedgerAuditPage }));
const LedgerMovementsPage = lazy(async () => ({ default: (await import('./audit-pages')).LedgerMovementsPage }));
const AuditLoading = () => (
  <div className="flex justify-center py-12">
    <Spinner label="Loading" />
  </div>
);
export const AdminEventsPage = () => (
  <Suspense fallback={<AuditLoading />}>
    <EventsPage />
  </Suspense>
);
export const AdminStreamPage = () => (
  <Suspense fallback={<AuditLoading />}>
    <StreamPage />
  </Suspense>
);
export const AdminLedgerAuditPage = () => (
  <Suspense fallback={<AuditLoading />}>
    <LedgerAuditPage />
  </Suspense>
);
export const AdminLedgerMovementsPage = () => (
  <Suspense fallback={<AuditLoading />}>
    <LedgerMovementsPage />
  </Suspense>
);

const FollowersLoading = () => (
  <div role="status" className="space-y-2 p-5" data-testid="followers-loading">
    <p className="text-sm text-slate-500">Loading followers...</p>
    {[0, 1, 2, 3].map((i) => (
      <div key={i} className="h-8 animate-pulse rounded bg-slate-100" aria-hidden />
    ))}
  </div>
);

const Followers = () => {
  const followers = useFollowers();
  if (followers.isPending) return <FollowersLoading />;
  if (followers.isError && !followers.data) {
    return (
      <div className="p-5">
        <LoadFailedNotice title="Could not load the followers" onRetry={() => void followers.refetch()}>
          The server did not answer. Check your connection and try again.
        </LoadFailedNotice>
      </div>
    );
  }
  if (followers.data.length === 0) {
    return (
      <EmptyState icon={<Cable />} title="No followers are running">
        This process runs no projector or reactor.
      </EmptyState>
    );
  }
  const failed = followers.data.filter((f) => f.state === 'failed').length;
  const live = followers.data.filter((f) => f.state === 'live').length;
  return (
    <>
      <p className="px-5 pb-3 text-sm text-slate-600 sm:px-6" data-testid="followers-summary">
        {followers.data.length} followers: {live} live{failed > 0 ? `, ${failed} failed` : ''}.
      </p>
      <FollowersTable followers={followers.data} />
    </>
  );
};

export const AdminOperationsPage = () => {
  useDocumentTitle('Admin: operations');
  return (
    <AdminFrame title="Operations">
      <Card className="overflow-hidden">
        <CardHeader
          title="Followers of the event log"
          description={`Projectors build the read models; reactors turn events into commands. Refreshed every ${FOLLOWERS_POLL_MS / 1000} seconds.`}
          className="pb-3"
        />
        <Followers />
      </Card>
    </AdminFrame>
  );
};

/** /admin/errors: the error monitor (spec 002 §2), in this chunk like every admin page. */
export const AdminErrorsPage = () => {
  useDocumentTitle('Admin: errors');
  return (
    <AdminFrame title={errorTexts.title} actions={<ErrorsRefresh />}>
      <ErrorMonitor />
    </AdminFrame>
  );
};
