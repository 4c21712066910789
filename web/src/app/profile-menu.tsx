import { ChevronDown, LayoutDashboard, LogOut, MessageCircle, MonitorSmartphone, ShieldCheck, UserRound } from 'lucide-react';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signOutTexts } from '@contracts/sign-out';
import type { CurrentUser } from '@contracts/members';
import { useUnreadMessages } from '@/features/messaging/api/messaging-api';
import { openMessagesMenu } from '@/features/messaging/components/messages-menu';
import { logout, logoutEverywhere } from '@/lib/login';
import { Avatar } from '@/ui/avatar';
import { Dropdown, DropdownContent, DropdownItem, DropdownLabel, DropdownSeparator, DropdownTrigger } from '@/ui/dropdown';

/** `dashboardDot`: an unread session notification (document 001 §2.8's dashboard dot; the dashboard lives in this menu). */
export const ProfileMenu = ({ user, dashboardDot = false }: { user: CurrentUser; dashboardDot?: boolean }) => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unreadMessages = useUnreadMessages(user.id);
  // 'Messages (N)' opens the Messages panel once this menu has closed and would hand focus back to its
  // trigger: focus moving there would dismiss the panel at once.
  const messagesNext = useRef(false);
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology (aria-hidden) while its
    // own trigger, inside that page, keeps focus: axe's aria-hidden-focus.
    <Dropdown modal={false}>
      <DropdownTrigger
        className="flex items-center gap-1 rounded-full p-0.5 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-300 sm:pr-2"
        data-testid="profile-menu"
      >
        {/* Named by its text (the visible initials, then 'profile menu'), not by an aria-label that hides them. */}
        <span className="relative">
          <Avatar name={user.name} src={user.avatar ?? user.profileImageUrl} size="sm" alt="" />
          {dashboardDot && <span className="absolute -top-0.5 -right-0.5 h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-white" data-testid="dashboard-unread-dot" />}
        </span>
        <span className="sr-only">
          {user.name}, profile menu{dashboardDot ? ', new session notifications' : ''}
        </span>
        <ChevronDown className="hidden h-4 w-4 text-slate-400 sm:block" />
      </DropdownTrigger>
      {/* In place: inside the nav bar's banner landmark, not after every landmark at the end of the page. */}
      <DropdownContent
        inPlace
        onCloseAutoFocus={(event) => {
          if (!messagesNext.current) return;
          messagesNext.current = false;
          event.preventDefault();
          openMessagesMenu();
        }}
      >
        <DropdownLabel>
          <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </DropdownLabel>
        <DropdownSeparator />
        <DropdownItem icon={<LayoutDashboard />} onSelect={() => navigate('/dashboard')} active={pathname === '/dashboard'}>
          <span className="flex items-center gap-2">
            Dashboard
            {dashboardDot && <span className="h-2 w-2 rounded-full bg-red-500" role="img" aria-label="New session notifications" />}
          </span>
        </DropdownItem>
        <DropdownItem icon={<UserRound />} onSelect={() => navigate('/profile')} active={pathname === '/profile'}>
          Profile
        </DropdownItem>
        <DropdownItem icon={<MessageCircle />} onSelect={() => (messagesNext.current = true)}>
          Messages ({unreadMessages})
        </DropdownItem>
        {user.isAdmin && (
          <DropdownItem icon={<ShieldCheck />} onSelect={() => navigate('/admin')} active={pathname.startsWith('/admin')}>
            Admin Panel
          </DropdownItem>
        )}
        <DropdownSeparator />
        <DropdownItem icon={<LogOut />} tone="danger" onSelect={logout}>
          Logout
        </DropdownItem>
        <DropdownItem icon={<MonitorSmartphone />} tone="danger" onSelect={() => void logoutEverywhere()}>
          {signOutTexts.everywhere}
        </DropdownItem>
      </DropdownContent>
    </Dropdown>
  );
};
