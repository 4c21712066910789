import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import type { LaterFeature } from './not-yet-available-page';
import { FullPageSpinner } from '@/ui/spinner';
import { LoginRedirect, RedirectSignedIn, RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Every page is its own chunk, and so is the signed-in frame (nav bar, menus, popovers): the landing
// page loads none of the signed-in app's code (issue 19 point 18). The guards are small and load with
// the entry.
const page = (load: () => Promise<{ Component: ComponentType }>): Pick<RouteObject, 'lazy'> => ({ lazy: load });

const later = (feature: LaterFeature) => page(async () => ({ Component: (await import('./not-yet-available-page')).notYetAvailable(feature) }));

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

export const routes: RouteObject[] = [
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
        children: [
          {
            ...page(async () => ({ Component: (await import('./app-layout')).AppLayout })),
            children: [
              { path: 'feed', ...page(async () => ({ Component: (await import('./feed-route')).FeedRoute })) },
              { path: 'search', ...page(async () => ({ Component: (await import('@/features/skill-search/routes/skill-search-page')).SkillSearchPage })) },
              { path: 'dashboard', ...page(async () => ({ Component: (await import('./dashboard-route')).DashboardRoute })) },
              { path: 'notifications', ...page(async () => ({ Component: (await import('@/features/notifications/routes/notifications-page')).NotificationsPage })) },
              { path: 'coming-soon', ...later('coming-soon') },
              { path: 'profile', ...page(async () => ({ Component: (await import('./profile-route')).ProfileRoute })) },
              { path: 'profile/:userId', ...page(async () => ({ Component: (await import('./profile-route')).ProfileRoute })) },
              { path: 'book/:userId/:skillId', ...page(async () => ({ Component: (await import('@/features/booking/routes/booking-page')).BookingPage })) },
              { path: 'reviews/:userId', ...page(async () => ({ Component: (await import('@/features/reviews/routes/reviews-page')).ReviewsPage })) },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'admin', ...adminPage('AdminOperationsPage') },
                  { path: 'admin/users', ...adminPage('AdminUsersPage') },
                  { path: 'admin/errors', ...adminPage('AdminErrorsPage') },
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

export const createAppRouter = () => createBrowserRouter(routes);
