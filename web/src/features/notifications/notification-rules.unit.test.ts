import { describe, expect, it } from 'vitest';
import { actionLabel, navAreasWithUnread, notificationTarget } from './notification-rules';

const n = (type: string, extra: Partial<{ session_id: string; post_id: string; comment_id: string; from_user_id: string }> = {}) => ({
  type,
  session_id: null,
  post_id: null,
  comment_id: null,
  from_user_id: null,
  ...extra,
});

describe('where a notification leads', () => {
  it('sends session notifications to the highlighted session on the dashboard', () => {
    expect(notificationTarget(n('session_request', { session_id: 's1' }))).toBe('/dashboard?highlight=s1');
    expect(notificationTarget(n('dashboard_action'))).toBe('/dashboard');
    expect(notificationTarget(n('mention', { post_id: 'p1' }))).toBe('/feed?post=p1');
    expect(notificationTarget(n('mention', { post_id: 'p1', comment_id: 'c1' }))).toBe('/feed?post=p1&comment=c1');
    expect(notificationTarget(n('comment', { post_id: 'p 1', comment_id: 'c/1' }))).toBe('/feed?post=p+1&comment=c%2F1');
    expect(notificationTarget(n('comment', { comment_id: 'c1' }))).toBe('/feed?comment=c1');
  });

  it('opens the chat with the sender of a message, on the page one is on', () => {
    expect(notificationTarget(n('message', { from_user_id: 'u 1' }))).toBe('?chat=u+1');
  });

  it('labels the button by type', () => {
    expect(
      ['thread_message', 'modification_request', 'session_cancelled', 'session_request', 'dashboard_action', 'session_approved', 'comment', 'message'].map(actionLabel),
    ).toEqual(['Answer in the thread', 'Answer in the thread', 'View on Dashboard', 'View on Dashboard', 'View on Dashboard', null, null, null]);
  });

  it("opens a message's chat with its sender on the current page", () => {
    expect(notificationTarget(n('message', { from_user_id: 'u 1' }))).toBe('?chat=u+1');
    expect(notificationTarget(n('message'))).toBeNull();
  });

  it('puts the red dots of the nav bar where the types belong', () => {
    expect([...navAreasWithUnread({ mention: 1, follow: 2, session_request: 1, message: 3, comment: 0 })].sort()).toEqual(['dashboard', 'home', 'search']);
    expect([...navAreasWithUnread({ comment: 0, message: 1 })]).toEqual([]);
  });
});
