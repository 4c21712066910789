import { Outlet } from 'react-router';
import { ChatDock } from '@/features/messaging/components/chat-dock';
import { useCurrentUser } from '@/lib/current-user';
import { NavBar } from './nav-bar';

/** The frame of every signed-in page: the nav bar shows only here, never on public pages. */
export const AppLayout = () => {
  const { data: user } = useCurrentUser();
  return (
    <div className="min-h-screen bg-slate-50">
      <NavBar />
      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
      {/* Chat windows stay open from page to page. */}
      {user && <ChatDock userId={user.id} />}
    </div>
  );
};
