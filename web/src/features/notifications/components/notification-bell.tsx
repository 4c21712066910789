import clsx from 'clsx';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Notification } from '@contracts/dashboard';
import { relativeAge } from '@/lib/session-format';
import { CountBadge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/ui/popover';
import { Spinner } from '@/ui/spinner';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications-api';
import { actionLabel, notificationTarget } from '../notification-rules';
import { NotificationIcon } from './notification-icon';

const MAX_IN_DROPDOWN = 8;

const Item = ({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) => {
  const label = actionLabel(n.type);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(n)}
        className={clsx('flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none', !n.read && 'bg-brand-50/40')}
        data-testid="notification-item"
        data-for-session={n.session_id ?? undefined}
      >
        <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <NotificationIcon type={n.type} className="h-4 w-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-2">
            <span className="text-sm font-semibold text-slate-900">{n.title}</span>
            {!n.read && <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-500" aria-label="Unread" />}
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{n.message}</span>
          <span className="mt-1 flex items-center gap-2 text-xs text-slate-500">
            {relativeAge(n.created_at)}
            {label && <span className="font-medium text-violet-700">· {label}</span>}
          </span>
        </span>
      </button>
    </li>
  );
};

/** The bell in the nav bar and on the dashboard: unread badge (9+ above 9), latest items, 'Mark all as read'. */
export const NotificationBell = ({ userId }: { userId: string }) => {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const unread = useUnreadCount(userId);
  const list = useNotifications(userId, open);
  const markRead = useMarkRead(userId);
  const markAll = useMarkAllRead(userId);
  const count = unread.data?.count ?? 0;

  const openItem = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id);
    setOpen(false);
    const target = notificationTarget(n);
    if (target) void navigate(target);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        className="relative flex h-10 w-10 items-center justify-center rounded-xl text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none data-[state=open]:bg-brand-50 data-[state=open]:text-brand-700"
        data-testid="notification-bell"
      >
        <Bell className="h-5 w-5" />
        <CountBadge count={count} className="absolute -top-0.5 -right-0.5" />
      </PopoverTrigger>
      <PopoverContent label="Notifications">
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          <p className="font-semibold text-slate-900">Notifications</p>
          <Button size="sm" variant="ghost" disabled={count === 0 || markAll.isPending} onClick={() => markAll.mutate()} data-testid="mark-all-read">
            <CheckCheck className="h-4 w-4" /> Mark all as read
          </Button>
        </div>
        {list.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-sm text-slate-500">
            <Spinner size="sm" /> Loading notifications...
          </div>
        ) : list.data && list.data.length > 0 ? (
          <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto" aria-label="Latest notifications">
            {list.data.slice(0, MAX_IN_DROPDOWN).map((n) => (
              <Item key={n.id} n={n} onOpen={openItem} />
            ))}
          </ul>
        ) : (
          <p className="py-8 text-center text-sm text-slate-500">No notifications yet</p>
        )}
        <Link
          to="/notifications"
          onClick={() => setOpen(false)}
          className="block border-t border-slate-100 px-4 py-2.5 text-center text-sm font-medium text-brand-700 hover:bg-slate-50"
        >
          View all notifications
        </Link>
      </PopoverContent>
    </Popover>
  );
};
