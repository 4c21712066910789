import { Outlet, ScrollRestoration } from 'react-router';
import { PageErrorBoundary } from '@/features/error-reporting/page-error-boundary';
import { Toaster } from '@/ui/toaster';

// The boundary here catches the public pages' errors; the signed-in frame has its own inside the nav bar.
export const RootLayout = () => (
  <>
    <PageErrorBoundary home="/">
      <Outlet />
    </PageErrorBoundary>
    <Toaster />
    <ScrollRestoration />
  </>
);
