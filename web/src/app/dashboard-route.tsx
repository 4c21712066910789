// The dashboard is drawn by several features; the app composes them so no feature imports another.
// Its notification bell is the nav bar's (spec 000 §2): a second one beside the greeting only repeated it.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { dashboardFirstReads } from '@/features/dashboard/api/dashboard-api';
import { DashboardPage } from '@/features/dashboard/routes/dashboard-page';
import { SessionCard } from '@/features/sessions/components/session-card';
import { prefetchReads, type FirstReads } from './first-load';

const DashboardSidebar = lazy(async () => ({ default: (await import('./dashboard-sidebar')).DashboardSidebar }));

/**
 * The sidebar is drawn once its chunk and its reads are in, in one sliced render (a transition), rather than
 * drawn at once and redrawn as each answer lands: each of those redraws was a task of its own that React does not
 * slice (55-225 ms at 4x CPU; the dashboard's Lighthouse score 72 with the sidebar against 89 without it,
 * issue 29 point 18). Its components still handle their own loading and errors: a read that failed is asked again.
 */
const useSidebarReady = (userId: string | undefined) => {
  const client = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void (async () => {
      try {
        const { sidebarReads } = await import('./dashboard-sidebar');
        await prefetchReads(client, sidebarReads(userId));
      } finally {
        // Drawn even when its chunk failed to load: the lazy component then reports it as any page's chunk does.
        if (current) startTransition(() => setReady(true));
      }
    })().catch(() => {});
    return () => {
      current = false;
    };
  }, [client, userId]);
  return ready;
};

export const DashboardRoute = () => {
  const { data: me } = useCurrentUser();
  const sidebarReady = useSidebarReady(me?.id);
  return (
    <DashboardPage
      renderSession={(session, { viewerId, highlighted, showTab }) => (
        <SessionCard session={session} viewerId={viewerId} highlighted={highlighted} onApproved={() => showTab('upcoming')} />
      )}
      sidebar={
        me &&
        sidebarReady && (
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
