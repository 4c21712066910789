// The fingerprint's browser corpus (issue 32 acceptance): 16 causes, each an API a page of the built app
// reads answering a body the page does not expect, so the app's own code throws in a different place
// (found by loading every page with each of its reads malformed, and resolving the stacks through the
// build's source maps; the place each one throws is named below). A variant changes the body's ids and
// numbers; the page throws in the same place.

export interface ErrorCause {
  name: string;
  page: string;
  /** The API's pathname. */
  api: RegExp;
  body: (variant: number) => string;
}

export const VARIANTS = 3;

/** The members of the corpus, admins all (half the causes are on admin pages). */
export const corpusEmail = (cause: number, variant: number): string => `corpus-${cause}-${variant}@example.com`;

/** An object where the page expects something else (a list, a page of rows, a record with its fields). */
const junk = (variant: number) => JSON.stringify({ junk: 7 + variant * 13, note: `v-${1000 + variant * 37}` });
/** A list of records without any of the fields the page reads. */
const bareRows = (variant: number) => JSON.stringify([{ id: `row-${variant * 101 + 5}`, n: variant + 3 }]);
const ownApi = (name: string) => new RegExp(`^/api/users/[^/]+/${name}$`);

export const CORPUS: readonly ErrorCause[] = [
  // ui/avatar.tsx: the nav bar's avatar colours a name that is not a string.
  { name: 'current user', page: '/feed', api: /^\/api\/user$/, body: junk },
  // features/feed/api/posts-api.ts: the feed's pages of posts.
  { name: 'feed posts', page: '/feed', api: /^\/api\/posts$/, body: junk },
  // features/skill-search/routes/skill-search-page.tsx: the search's results.
  { name: 'skill search', page: '/search', api: /^\/api\/skill-search$/, body: junk },
  // features/dashboard/components/activity-summary.tsx
  { name: 'activity summary', page: '/dashboard', api: ownApi('activity-summary'), body: junk },
  // features/dashboard/components/my-sessions.tsx
  { name: 'my sessions', page: '/dashboard', api: ownApi('sessions'), body: junk },
  // features/onboarding/onboarding-steps.ts
  { name: 'onboarding', page: '/dashboard', api: ownApi('onboarding'), body: junk },
  // features/recommendations/components/suggestions-carousel.tsx
  { name: 'suggestions', page: '/dashboard', api: ownApi('suggestions'), body: junk },
  // features/recommendations/components/recommended-skills.tsx
  { name: 'recommended skills', page: '/dashboard', api: ownApi('recommendations'), body: junk },
  // features/notifications/routes/notifications-page.tsx: the list itself.
  { name: 'notifications list', page: '/notifications', api: ownApi('notifications'), body: junk },
  // lib/dates (relativeAge) under the notifications page: a notification without its time.
  { name: 'notification time', page: '/notifications', api: ownApi('notifications'), body: bareRows },
  // features/admin/components/conversion-funnel.tsx
  { name: 'admin stats', page: '/admin', api: /^\/api\/admin\/stats$/, body: junk },
  // features/admin/components/summary-cards.tsx
  { name: 'health card', page: '/admin', api: /^\/api\/admin\/health-metrics$/, body: junk },
  // features/admin/components/users-directory.tsx
  { name: 'users directory', page: '/admin/users', api: /^\/api\/admin\/users$/, body: junk },
  // features/admin/components/user-picker.tsx
  { name: 'inspector picker', page: '/admin/inspector', api: /^\/api\/admin\/users$/, body: junk },
  // features/admin/components/system-metrics.tsx: a sample without its tags.
  { name: 'metric samples', page: '/admin?tab=metrics', api: /^\/api\/admin\/metrics$/, body: bareRows },
  // features/admin/components/ai-analytics-panel.tsx
  { name: 'AI analytics', page: '/admin?tab=ai-analytics', api: /^\/api\/admin\/ai\/analytics$/, body: junk },
];
