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

export const ProfileMenu = ({ user }: { user: CurrentUser }) => {
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
        <Avatar name={user.name} src={user.profileImageUrl ?? user.avatar} size="sm" alt="" />
        <span className="sr-only">{user.name}, profile menu</span>
        <ChevronDown className="hidden h-4 w-4 text-slate-400 sm:block" />
      </DropdownTrigger>
      <DropdownContent
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
          Dashboard
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
