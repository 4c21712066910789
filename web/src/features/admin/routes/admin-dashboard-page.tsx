// The /admin dashboard (spec 002 §2; issue 31 points 1-4): the header, the conversion funnel and the user
// journey, the four summary cards, and the seven tabs. A read refused with 401 or 403 while the page is
// open turns the page into the spec's inline state ('Admin Access Required' / 'Access Denied').
import { useEffect } from 'react';
import { adminStatsTexts } from '@contracts/admin-stats';
import { useAuth } from '@/lib/current-user';
import { isStatus } from '@/lib/http';
import { currentPath, goToLogin } from '@/lib/login';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccessDenied, AccessRequired } from '@/ui/access-states';
import { Card } from '@/ui/card';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { useAdminMe } from '../api/admin-api';
import { useHealthMetrics } from '../api/health-api';
import { useAdminStats } from '../api/stats-api';
import { AdminFrame } from '../components/admin-frame';
import { ConversionFunnel } from '../components/conversion-funnel';
import { DashboardHeaderActions } from '../components/dashboard-header';
import { DashboardTabs } from '../components/dashboard-tabs';
import { StoppedMembersDialog } from '../components/stopped-members-dialog';
import { SummaryCards } from '../components/summary-cards';
import { UserJourney } from '../components/user-journey';
import { useDashboardUi } from '../dashboard-store';

const PanelsLoading = () => (
  <div role="status" className="space-y-4" data-testid="stats-loading">
    <p className="text-sm text-slate-600">Loading the dashboard figures...</p>
    {[0, 1].map((i) => (
      <Card key={i} className="h-48 animate-pulse bg-slate-50" aria-hidden />
    ))}
  </div>
);

const Panels = () => {
  const stats = useAdminStats();
  const health = useHealthMetrics();
  const stoppedStep = useDashboardUi((s) => s.stoppedStep);
  const openStopped = useDashboardUi((s) => s.openStopped);
  // The list is open only on this page: following a member to the inspector (or leaving any other way)
  // closes it, or the admin's next visit to /admin would open on it again.
  useEffect(() => () => openStopped(null), [openStopped]);
  return (
    <>
      {stats.isPending ? (
        <PanelsLoading />
      ) : stats.isError && !stats.data ? (
        <LoadFailedNotice title={adminStatsTexts.failed} onRetry={() => void stats.refetch()}>
          The server did not answer with the figures. Try again in a moment.
        </LoadFailedNotice>
      ) : (
        <>
          <ConversionFunnel stats={stats.data} />
          <UserJourney stats={stats.data} onOpenStopped={openStopped} />
        </>
      )}
      <SummaryCards stats={stats.data} health={{ data: health.data, failed: health.isError && !health.data }} />
      <StoppedMembersDialog step={stoppedStep} onClose={() => openStopped(null)} />
    </>
  );
};

export const AdminDashboardPage = () => {
  useDocumentTitle('Admin: dashboard');
  const auth = useAuth();
  const stats = useAdminStats();
  const me = useAdminMe();
  // The current user keeps its last answer when a read of it fails, so the guards above never see a session
  // that ended while the page was open: the admin reads' own refusals are what tell.
  const refused = (status: number) => isStatus(stats.error, status) || isStatus(me.error, status);
  if (refused(401)) return <AccessRequired onLogIn={() => goToLogin(currentPath())} />;
  if (refused(403)) return <AccessDenied email={auth.status === 'authenticated' ? auth.user.email : ''} />;
  return (
    <AdminFrame title="Admin Dashboard" actions={<DashboardHeaderActions />}>
      <Panels />
      <DashboardTabs />
    </AdminFrame>
  );
};
