import clsx from 'clsx';
import { Flame, Home, Lightbulb, Search, ShieldCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import type { CurrentUser } from '@contracts/members';
import { PointsChip } from '@/features/members/components/points-chip';
import { MessagesMenu } from '@/features/messaging/components/messages-menu';
import { useUnreadAreas } from '@/features/notifications/api/notifications-api';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useCurrentUser } from '@/lib/current-user';
import { Chip } from '@/ui/chip';
import { Logo } from '@/ui/logo';
import { ProfileMenu } from './profile-menu';

/** Document 001 §2.8: a red dot where an unread notification belongs (home, search, dashboard). */
const UnreadDot = ({ className }: { className?: string }) => (
  <span className={clsx('absolute h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-white', className ?? 'top-1.5 right-1.5')} data-testid="nav-unread-dot" />
);

const IconLink = ({ to, label, icon: Icon, active, dot }: { to: string; label: string; icon: LucideIcon; active?: boolean; dot?: boolean }) => (
  <NavLink
    to={to}
    aria-label={dot ? `${label}, new notifications` : label}
    title={label}
    data-dot={dot ? 'unread' : undefined}
    className={({ isActive }) =>
      clsx(
        'relative flex h-10 w-10 items-center justify-center rounded-xl transition-colors sm:w-auto sm:gap-2 sm:px-3',
        (active ?? isActive) ? 'bg-brand-50 text-brand-700' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
      )
    }
  >
    <Icon className="h-5 w-5" />
    <span className="hidden text-sm font-medium lg:inline">{label}</span>
    {dot && <UnreadDot />}
  </NavLink>
);

const SignedInBar = ({ user }: { user: CurrentUser }) => {
  const { pathname } = useLocation();
  const dots = useUnreadAreas(user.id);
  return (
    <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
      <Link to="/feed" aria-label="SkillSwap home" className="shrink-0">
        <span className="hidden sm:block">
          <Logo />
        </span>
        <span className="block sm:hidden">
          <Logo compact />
        </span>
      </Link>
      <nav className="flex items-center gap-0.5 sm:ml-4 sm:gap-1" aria-label="Main">
        <IconLink to="/feed" label="Home" icon={Home} dot={dots.has('home')} />
        <IconLink to="/search" label="Search" icon={Search} dot={dots.has('search')} />
        <IconLink to="/coming-soon" label="Coming soon" icon={Lightbulb} />
        {/* A fourth icon does not fit a 390 px bar beside the points, messages and bell: on a phone the
            profile menu's Admin Panel is the way in. */}
        {user.isAdmin && (
          <span className="hidden sm:contents">
            <IconLink to="/admin" label="Admin" icon={ShieldCheck} active={pathname.startsWith('/admin')} />
          </span>
        )}
      </nav>
      <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
        <PointsChip userId={user.id} />
        {/* Not on a phone: with the Messages menu the bar would scroll sideways; the dashboard shows the streak. */}
        {user.streak > 0 && (
          <span className="hidden sm:inline-flex">
            <Chip tone="orange" icon={<Flame className="h-4 w-4" />} data-testid="streak-chip" title={`${user.streak}-day streak`}>
              <span className="tabular-nums">{user.streak}</span>
            </Chip>
          </span>
        )}
        <MessagesMenu userId={user.id} />
        <NotificationBell userId={user.id} />
        <ProfileMenu user={user} dashboardDot={dots.has('dashboard')} />
      </div>
    </div>
  );
};

export const NavBar = () => {
  const { data: user } = useCurrentUser();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur" data-testid="nav-bar">
      {user && <SignedInBar user={user} />}
    </header>
  );
};
