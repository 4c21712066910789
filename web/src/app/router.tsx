import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { FullPageSpinner } from '@/ui/spinner';
import { firstLoadLoader, type FirstReads } from './first-load';
import { LoginRedirect, RedirectSignedIn, RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Every page is its own chunk, and so is the signed-in frame (nav bar, menus, popovers): the landing
// page loads none of the signed-in app's code (issue 19 point 18). The guards are small and load with
// the entry. A signed-in page's module may name the reads of its first screen, which the first load
// waits for (first-load.ts).
type PageModule = { Component: ComponentType; firstReads?: FirstReads };
type Load = () => Promise<PageModule>;

// The admin area is one chunk of its own that a member never loads. A route's `lazy` is fetched as soon
// as its path matches, before RequireAdmin renders and turns a member away, so the admin pages are
// React.lazy components rendered inside the guard instead.
type AdminPages = typeof import('@/features/admin/routes/admin-pages');
const adminPage = (name: keyof AdminPages): Pick<RouteObject, 'element'> => {
  const Page = lazy(async () => ({ default: (await import('@/features/admin/routes/admin-pages'))[name] }));
  return {
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <Page />
      </Suspense>
    ),
  };
};

const appRoutes = (client: QueryClient, isFirstLoad: () => boolean): RouteObject[] => {
  const page = (load: Load): Pick<RouteObject, 'lazy'> => ({
    lazy: async () => {
      const { Component, firstReads } = await load();
      return firstReads ? { Component, loader: firstLoadLoader(client, isFirstLoad, firstReads) } : { Component };
    },
  });
  // A page whose module also names its first screen's reads (`firstReads`).
  const pageWithReads = <M extends { firstReads: FirstReads }>(load: () => Promise<M>, name: keyof M) =>
    page(async () => {
      const module = await load();
      return { Component: module[name] as ComponentType, firstReads: module.firstReads };
    });
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: () => <FullPageSpinner />,
      children: [
        {
          element: <RedirectSignedIn to="/feed" />,
          children: [{ index: true, ...page(async () => ({ Component: (await import('@/features/public/routes/landing-page')).LandingPage })) }],
        },
        { path: 'success-stories', ...page(async () => ({ Component: (await import('@/features/public/routes/success-stories-page')).SuccessStoriesPage })) },
        { path: 'community', ...page(async () => ({ Component: (await import('@/features/public/routes/community-page')).CommunityPage })) },
        { path: 'support', ...page(async () => ({ Component: (await import('@/features/public/routes/support-page')).SupportPage })) },
        { path: 'account-exists', ...page(async () => ({ Component: (await import('@/features/auth/routes/account-exists-page')).AccountExistsPage })) },
        { path: 'auth-error', ...page(async () => ({ Component: (await import('@/features/auth/routes/auth-error-page')).AuthErrorPage })) },
        { path: 'login', element: <LoginRedirect /> },
        { path: 'register', element: <LoginRedirect /> },
        {
          element: <RequireAuth />,
          loader: firstLoadLoader(client, isFirstLoad),
          children: [
            {
              ...pageWithReads(() => import('./app-layout'), 'AppLayout'),
              children: [
                {
                  path: 'feed',
                  ...pageWithReads(() => import('./feed-route'), 'FeedRoute'),
                },
                {
                  path: 'search',
                  ...pageWithReads(() => import('@/features/skill-search/routes/skill-search-page'), 'SkillSearchPage'),
                },
                {
                  path: 'dashboard',
                  ...pageWithReads(() => import('./dashboard-route'), 'DashboardRoute'),
                },
                { path: 'notifications', ...page(async () => ({ Component: (await import('@/features/notifications/routes/notifications-page')).NotificationsPage })) },
                { path: 'coming-soon', ...page(async () => ({ Component: (await import('@/features/feature-votes/routes/coming-soon-page')).ComingSoonPage })) },
                { path: 'profile', ...page(async () => ({ Component: (await import('./profile-route')).ProfileRoute })) },
                { path: 'profile/:userId', ...page(async () => ({ Component: (await import('./profile-route')).ProfileRoute })) },
                { path: 'book/:userId/:skillId', ...page(async () => ({ Component: (await import('@/features/booking/routes/booking-page')).BookingPage })) },
                { path: 'reviews/:userId', ...page(async () => ({ Component: (await import('@/features/reviews/routes/reviews-page')).ReviewsPage })) },
                {
                  element: <RequireAdmin />,
                  children: [
                    { path: 'admin', ...adminPage('AdminDashboardPage') },
                    { path: 'admin/operations', ...adminPage('AdminOperationsPage') },
                    { path: 'admin/users', ...adminPage('AdminUsersPage') },
                    { path: 'admin/inspector', ...adminPage('AdminInspectorPage') },
                    { path: 'admin/errors', ...adminPage('AdminErrorsPage') },
                    { path: 'admin/events', ...adminPage('AdminEventsPage') },
                    { path: 'admin/streams/:streamId', ...adminPage('AdminStreamPage') },
                    { path: 'admin/audit', ...adminPage('AdminLedgerAuditPage') },
                    { path: 'admin/audit/members/:memberId', ...adminPage('AdminLedgerMovementsPage') },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
};

export const createAppRouter = (client: QueryClient) => {
  // True until the document's first navigation is done: only that one waits for its first reads.
  let firstLoad = true;
  const router = createBrowserRouter(appRoutes(client, () => firstLoad));
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    firstLoad = false;
    unsubscribe();
  });
  return router;
};
