import { Outlet } from 'react-router';
import { PageErrorBoundary } from '@/features/error-reporting/page-error-boundary';
import { balanceQuery } from '@/features/members/api/balance';
import { conversationsQuery } from '@/features/messaging/api/messaging-api';
import { ChatDock } from '@/features/messaging/components/chat-dock';
import { unreadCountQuery } from '@/features/notifications/api/notifications-api';
import { useCurrentUser } from '@/lib/current-user';
import { CatchingUpBanner } from './catching-up-banner';
import type { FirstReads } from './first-load';
import { NavBar } from './nav-bar';

/** The frame of every signed-in page: the nav bar shows only here, never on public pages. */
export const AppLayout = () => {
  const { data: user } = useCurrentUser();
  return (
    <div className="min-h-screen bg-slate-50">
      <NavBar />
      <CatchingUpBanner />
      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <PageErrorBoundary home="/feed">
          <Outlet />
        </PageErrorBoundary>
      </main>
      {/* Chat windows stay open from page to page. */}
      {user && <ChatDock userId={user.id} />}
    </div>
  );
};

/** The nav bar's reads: the balance, the unread messages and notifications (web/src/app/first-load.ts). */
export const firstReads: FirstReads = (me) => [balanceQuery(me.id), conversationsQuery(me.id), unreadCountQuery(me.id)];
