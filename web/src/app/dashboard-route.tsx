// The dashboard is drawn by several features; the app composes them so no feature imports another.
// Its notification bell is the nav bar's (spec 000 §2): a second one beside the greeting only repeated it.
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { dashboardFirstReads } from '@/features/dashboard/api/dashboard-api';
import { DashboardPage } from '@/features/dashboard/routes/dashboard-page';
import { SessionCard } from '@/features/sessions/components/session-card';
import type { FirstReads } from './first-load';

const DashboardSidebar = lazy(async () => ({ default: (await import('./dashboard-sidebar')).DashboardSidebar }));

export const DashboardRoute = () => {
  const { data: me } = useCurrentUser();
  return (
    <DashboardPage
      renderSession={(session, { viewerId, highlighted, showTab }) => (
        <SessionCard session={session} viewerId={viewerId} highlighted={highlighted} onApproved={() => showTab('upcoming')} />
      )}
      sidebar={
        me && (
          <Suspense fallback={null}>
            <DashboardSidebar userId={me.id} />
          </Suspense>
        )
      }
    />
  );
};

// A session to highlight (?session=) changes the first list read, so such a link waits for none.
export const firstReads: FirstReads = (me, url) => (url.search ? [] : dashboardFirstReads(me.id));
