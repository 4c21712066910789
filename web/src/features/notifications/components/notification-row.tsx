// One notification on the page (document 001 §2.8): icon by type, title, message, age, unread dot; read
// 2 s after it has been on screen, or at once when opened; the purple dashboard button and 'Message'.
import clsx from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@contracts/dashboard';
import { THE_S_BRAIN_ID } from '@contracts/feed-limits';
import { relativeAge } from '@/lib/session-format';
import { useSeen } from '@/lib/use-seen';
import { buttonClasses } from '@/ui/button';
import { actionLabel, chatTarget, dashboardTarget, isSessionNotification, notificationTarget } from '../notification-rules';
import { NotificationIcon } from './notification-icon';

/** Document 001 §9: unread notifications are marked read 2 seconds after the page shows them. */
export const AUTO_READ_DELAY_MS = 2_000;

// The spec's purple button: the shared sizes and focus ring, in violet rather than the brand colour.
const purpleButton =
  'inline-flex h-8 shrink-0 items-center justify-center gap-1.5 rounded-lg bg-violet-600 px-3 text-sm font-medium whitespace-nowrap text-white shadow-sm transition-colors hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600';

interface Props {
  n: Notification;
  now: number;
  onRead: (id: string) => void;
  onOpen: (target: string) => void;
}

export const NotificationRow = ({ n, now, onRead, onOpen }: Props) => {
  // Seen only when actually in view (no margin): a notification below the fold stays unread.
  const [ref, seen] = useSeen<HTMLLIElement>('0px');
  const { id, read } = n;
  useEffect(() => {
    if (!seen || read) return;
    const timer = setTimeout(() => onRead(id), AUTO_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [seen, read, id, onRead]);

  const label = actionLabel(n.type);
  // On the page a session notification's way to the dashboard is its purple button; the row only reads it.
  const target = isSessionNotification(n.type) ? null : notificationTarget(n);
  const sender = n.from_user_id && n.from_user_id !== THE_S_BRAIN_ID ? n.from_user_id : null;
  const open = () => {
    if (!read) onRead(id);
    if (target) onOpen(target);
  };

  return (
    <li
      ref={ref}
      className={clsx('relative flex gap-3 px-4 py-4 sm:px-5', read ? 'bg-white' : 'bg-brand-50/50')}
      data-testid="notification-row"
      data-type={n.type}
      data-read={read}
    >
      <span className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <NotificationIcon type={n.type} className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={open}
          className="block w-full rounded-lg text-left focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
          data-testid="notification-open"
        >
          <span className="flex items-start justify-between gap-3">
            <span className="font-semibold text-slate-900">{n.title}</span>
            <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
              {relativeAge(n.created_at, now)}
              {!read && <span className="h-2.5 w-2.5 rounded-full bg-brand-500" data-testid="unread-dot" role="img" aria-label="Unread" />}
            </span>
          </span>
          <span className="mt-0.5 block text-sm break-words text-slate-600">{n.message}</span>
        </button>
        {(label || sender) && (
          <div className="mt-3 flex flex-wrap gap-2">
            {label && (
              <Link to={dashboardTarget(n.session_id)} onClick={() => !read && onRead(id)} className={purpleButton} data-testid="notification-action">
                {label}
              </Link>
            )}
            {sender && (
              <button
                type="button"
                onClick={() => {
                  if (!read) onRead(id);
                  onOpen(chatTarget(sender));
                }}
                className={buttonClasses('outline', 'sm')}
                data-testid="notification-message"
              >
                <MessageCircle className="h-4 w-4" aria-hidden /> Message
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
};
