import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

export interface AppParts {
  queryClient: QueryClient;
  router: AppRouter;
}

/** Settles once the router's first navigation (its lazy pages and their loaders) is done, or has failed. */
const initialized = (router: AppRouter): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

/**
 * The query client and the router, the router's first navigation done before React draws anything.
 * RouterProvider reads the router's state as it first renders and subscribes only when it commits; the
 * first render is a sliced transition (main.tsx), and a navigation that finished in between (a lazy page
 * and preloaded reads can be that quick) was never seen: the page kept its loading spinner for good
 * (CI, 2026-11-28). Until then index.html's own "Loading..." shows, so nothing changes to the eye, and
 * the page is drawn once, with its code and data, instead of a fallback first.
 */
export const startApp = async (): Promise<AppParts> => {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  await initialized(router);
  return { queryClient, router };
};

export const App = ({ queryClient, router }: AppParts) => (
  <Providers queryClient={queryClient}>
    <RouterProvider router={router} />
  </Providers>
);
