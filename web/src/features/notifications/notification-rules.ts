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

/** The types with the purple dashboard button (document 001 §2.8 names these five). */
const actionTypes = new Set(['modification_request', 'session_request', 'dashboard_action', 'session_cancelled', 'thread_message']);

/** A message notification opens the chat with its sender on the current page (the app shell reads ?chat=). */
export const chatTarget = chatHref;

/** The dashboard, ringing the session when there is one. */
export const dashboardTarget = (sessionId: string | null): string => (sessionId ? `/dashboard?highlight=${encodeURIComponent(sessionId)}` : '/dashboard');

export const notificationTarget = (n: Pick<Notification, 'type' | 'session_id' | 'post_id' | 'comment_id' | 'from_user_id'>): string | null => {
  if (isSessionNotification(n.type)) return dashboardTarget(n.session_id);
  if (n.type === 'message' && n.from_user_id) return chatTarget(n.from_user_id);
  if (n.type === 'mention' || n.type === 'comment' || n.type === 'post_like') {
    // Both ids when there is a comment: the feed opens the post at once and rings the comment in it,
    // without first finding the post the comment is on (use-post-link.ts).
    if (n.post_id && n.comment_id) return `/feed?${new URLSearchParams({ post: n.post_id, comment: n.comment_id })}`;
    if (n.comment_id) return `/feed?comment=${encodeURIComponent(n.comment_id)}`;
    if (n.post_id) return `/feed?post=${encodeURIComponent(n.post_id)}`;
    return '/feed';
  }
  // An admin set the status of a feature the member voted on (issue 31).
  if (n.type === 'feature_status') return '/coming-soon';
  if ((n.type === 'skill_like' || n.type === 'follow') && n.from_user_id) return `/profile/${encodeURIComponent(n.from_user_id)}`;
  return null;
};

export const actionLabel = (type: string): string | null => {
  if (!actionTypes.has(type)) return null;
  return type === 'thread_message' || type === 'modification_request' ? 'Answer in the thread' : 'View on Dashboard';
};

/** Where a notification's red dot shows in the nav bar (document 001 §2.8); null: no dot. */
export type NavArea = 'home' | 'search' | 'dashboard';

export const navAreaOf = (type: string): NavArea | null => {
  if (type === 'comment' || type === 'mention' || type === 'post_like') return 'home';
  if (type === 'skill_like' || type === 'follow') return 'search';
  if (isSessionNotification(type)) return 'dashboard';
  return null;
};

/** The areas with at least one unread notification, from the unread count's by_type. */
export const navAreasWithUnread = (byType: Readonly<Record<string, number>>): Set<NavArea> =>
  new Set(
    Object.entries(byType)
      .filter(([, count]) => count > 0)
      .map(([type]) => navAreaOf(type))
      .filter((area): area is NavArea => area !== null),
  );
