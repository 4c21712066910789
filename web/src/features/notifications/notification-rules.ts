// Where a notification leads and what its button says (document 001 §2.8).
import type { Notification } from '@contracts/dashboard';
import { chatHref } from '@/lib/chat-requests';

const dashboardTypes = new Set([
  'modification_request',
  'session_request',
  'dashboard_action',
  'session_cancelled',
  'thread_message',
  'session_approved',
  'session_confirmed',
  'session_rejected',
]);

export const isSessionNotification = (type: string): boolean => dashboardTypes.has(type);

export const notificationTarget = (n: Pick<Notification, 'type' | 'session_id' | 'post_id' | 'comment_id' | 'from_user_id'>): string | null => {
  if (isSessionNotification(n.type)) return n.session_id ? `/dashboard?highlight=${encodeURIComponent(n.session_id)}` : '/dashboard';
  if (n.type === 'mention' || n.type === 'comment' || n.type === 'post_like') {
    // Both ids when there is a comment: the feed opens the post at once and rings the comment in it,
    // without first finding the post the comment is on (use-post-link.ts).
    if (n.post_id && n.comment_id) return `/feed?${new URLSearchParams({ post: n.post_id, comment: n.comment_id })}`;
    if (n.comment_id) return `/feed?comment=${encodeURIComponent(n.comment_id)}`;
    if (n.post_id) return `/feed?post=${encodeURIComponent(n.post_id)}`;
    return '/feed';
  }
  // A message opens the chat with its sender on the page one is on (the messaging dock reads ?chat=).
  if (n.type === 'message' && n.from_user_id) return chatHref(n.from_user_id);
  if ((n.type === 'skill_like' || n.type === 'follow') && n.from_user_id) return `/profile/${encodeURIComponent(n.from_user_id)}`;
  return null;
};

export const actionLabel = (type: string): string | null => {
  if (!isSessionNotification(type)) return null;
  return type === 'thread_message' || type === 'modification_request' ? 'Answer in the thread' : 'View on Dashboard';
};
