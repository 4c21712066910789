// /notifications (document 001 §2.8): the member's notifications with the unread badge and 'Mark all as
// read'. Live through the websocket's user notices (api/keys.ts); the spec's 5 s poll only while the
// socket is down.
import { Bell, CheckCheck } from 'lucide-react';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadFailedNotice } from '@/ui/load-failed-notice';
import { FullPageSpinner } from '@/ui/spinner';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from '../api/notifications-api';
import { NotificationRow } from '../components/notification-row';
import { NotificationSkeletons } from '../components/notification-skeletons';

/** Document 001 §7/§9: the page polls every 5 seconds (here only while the socket is down). */
const PAGE_POLL_MS = 5_000;

const Notifications = ({ userId }: { userId: string }) => {
  const navigate = useNavigate();
  const now = useNow();
  const list = useNotifications(userId, true, PAGE_POLL_MS);
  const unread = useUnreadCount(userId, PAGE_POLL_MS);
  const markRead = useMarkRead(userId);
  const markAll = useMarkAllRead(userId);
  const count = unread.data?.count ?? list.data?.filter((n) => !n.read).length ?? 0;
  const { mutate: read } = markRead;
  const onRead = useCallback((id: string) => read(id), [read]);
  const onOpen = useCallback((target: string) => void navigate(target), [navigate]);

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
          {count > 0 && (
            <span
              className="rounded-full bg-red-500 px-2.5 py-0.5 text-sm font-semibold text-white tabular-nums"
              data-testid="unread-badge"
              aria-label={`${count} unread`}
            >
              {count}
            </span>
          )}
        </div>
        <Button variant="outline" size="sm" disabled={count === 0 || markAll.isPending} onClick={() => markAll.mutate()} data-testid="page-mark-all-read">
          <CheckCheck className="h-4 w-4" /> Mark all as read
        </Button>
      </div>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <NotificationSkeletons />
        ) : list.isError && !list.data ? (
          <div className="p-4">
            <LoadFailedNotice title="Could not load your notifications" onRetry={() => void list.refetch()}>
              Please check your connection and try again.
            </LoadFailedNotice>
          </div>
        ) : list.data.length === 0 ? (
          <EmptyState icon={<Bell />} title="No notifications yet">
            Comments, mentions, likes, messages and session updates will show up here.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Notifications" data-testid="notifications-list">
            {list.data.map((n) => (
              <NotificationRow key={n.id} n={n} now={now} onRead={onRead} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
};

export const NotificationsPage = () => {
  useDocumentTitle('Notifications');
  const { data: me } = useCurrentUser();
  if (!me) return <FullPageSpinner />;
  return <Notifications userId={me.id} />;
};
