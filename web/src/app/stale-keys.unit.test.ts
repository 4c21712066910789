import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '@/lib/current-user';
import { memberProfileKeys } from '@/lib/member-profile';
import { invalidateChanges } from '@/lib/stale-keys';
import { bookingKeys } from '@/features/booking/api/keys';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { memberKeys } from '@/features/members/api/keys';
import { notificationKeys } from '@/features/notifications/api/keys';
import { onboardingKeys } from '@/features/onboarding/api/keys';
import { recommendationKeys } from '@/features/recommendations/api/keys';
import { reviewKeys } from '@/features/reviews/api/keys';
import { sessionKeys } from '@/features/sessions/api/keys';
import { skillSearchKeys } from '@/features/skill-search/api/keys';
import { appStaleKeys } from './stale-keys';

/** A cache holding one query per key, the signed-in member being 'me'; answers which are invalidated by the changes. */
const staleAfter = async (keys: Record<string, readonly unknown[]>, changes: Parameters<typeof invalidateChanges>[2]) => {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, {});
  client.setQueryData(currentUserKey, { id: 'me' });
  await invalidateChanges(client, appStaleKeys, changes);
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
};

const cached = {
  currentUser: currentUserKey,
  myProfile: memberProfileKeys.one('me'),
  theirProfile: memberProfileKeys.one('other'),
  myBalance: memberKeys.balance('me'),
  mySlots: bookingKeys.slotsOf('me', 1, 0),
  theirSlots: bookingKeys.slotsOf('other', 1, 0),
  myLike: bookingKeys.like('me', 'skill'),
  session: sessionKeys.one('s1'),
  sessionThread: sessionKeys.thread('s1'),
  otherSession: sessionKeys.one('s2'),
  sharedWithThem: sessionKeys.sharedWith('me', 'other'),
  dashboardList: dashboardKeys.sessions({ tab: 'requested', page: 1, limit: 5, search: '', skill: '', status: '' }),
  dashboardCounts: dashboardKeys.counts,
  dashboardLookup: dashboardKeys.lookup('s1'),
  myStats: dashboardKeys.stats('me'),
  myActivitySummary: dashboardKeys.activitySummary('me'),
  mySessions: dashboardKeys.mySessions('me'),
  myNotifications: notificationKeys.list('me'),
  myUnreadCount: notificationKeys.unreadCount('me'),
  myOnboarding: onboardingKeys.of('me'),
  mySuggestions: recommendationKeys.suggestions('me'),
  myReviews: reviewKeys.of('me'),
  searchResults: skillSearchKeys.list({ q: '', category: '', level: '', minRating: 0 }),
};

describe('the change map', () => {
  it('refreshes everything about the signed-in member on their own change without a topic, current user included', async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me' }])).resolves.toEqual([
      'currentUser',
      'myProfile',
      'myBalance',
      'mySlots',
      'myLike',
      'sharedWithThem',
      'myStats',
      'myActivitySummary',
      'mySessions',
      'myNotifications',
      'myUnreadCount',
      'myOnboarding',
      'mySuggestions',
      'myReviews',
      'searchResults',
    ]);
  });

  it("refreshes only another member's public data on their change", async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'other' }])).resolves.toEqual(['theirProfile', 'theirSlots', 'searchResults']);
  });

  it('refreshes only the notification list and its unread count on a new notification', async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me', about: 'notifications' }])).resolves.toEqual(['myNotifications', 'myUnreadCount']);
  });

  it("refreshes the dashboard's session reads on a change to the member's sessions, and not the notification list", async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me', about: 'sessions' }])).resolves.toEqual(['mySlots', 'sharedWithThem', 'myActivitySummary', 'mySessions']);
  });

  it('refreshes the reads that show points on a change to the balance', async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me', about: 'balance' }])).resolves.toEqual(['currentUser', 'myProfile', 'myBalance', 'myStats']);
  });

  it('refreshes the figures, reviews, recommendations and search results on a change to the member-stats', async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me', about: 'stats' }])).resolves.toEqual([
      'currentUser',
      'myProfile',
      'myStats',
      'mySuggestions',
      'myReviews',
      'searchResults',
    ]);
  });

  it('refreshes what shows the profile, its skills, availability and time zone on a profile change', async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me', about: 'profile' }])).resolves.toEqual([
      'currentUser',
      'myProfile',
      'mySlots',
      'sharedWithThem',
      'myActivitySummary',
      'mySessions',
      'mySuggestions',
      'searchResults',
    ]);
  });

  it('refreshes only the like status and the search results on a like', async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me', about: 'likes' }])).resolves.toEqual(['myLike', 'searchResults']);
  });

  it('refreshes only the onboarding card on an onboarding change', async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me', about: 'onboarding' }])).resolves.toEqual(['myOnboarding']);
  });

  it('refreshes nothing on a ledger change, which no screen reads yet', async () => {
    await expect(staleAfter(cached, [{ scope: 'user', id: 'me', about: 'ledger' }])).resolves.toEqual([]);
  });

  it('refreshes a session with what hangs off it, and the dashboard lists, on a session change', async () => {
    await expect(staleAfter(cached, [{ scope: 'session', id: 's1' }])).resolves.toEqual([
      'session',
      'sessionThread',
      'dashboardList',
      'dashboardCounts',
      'dashboardLookup',
    ]);
  });

  it('refreshes only the search results, of these reads, on a change to the member directory', async () => {
    await expect(staleAfter(cached, [{ scope: 'members' }])).resolves.toEqual(['searchResults']);
  });

  it('leaves the cache alone for changes nobody reads yet', async () => {
    await expect(staleAfter(cached, [{ scope: 'post', id: 'p1', postId: 'p1' }, { scope: 'admin' }])).resolves.toEqual([]);
  });
});
