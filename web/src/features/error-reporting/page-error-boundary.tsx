// The pages' error boundary (decision 334): one around the routed page inside the signed-in frame, so
// the nav bar stays and the member can go elsewhere, and one around every route for the public pages. What
// it catches is reported (install.ts) and replaced by a card with a way back, never a white screen; moving
// to another path clears it.
import { AlertTriangle, ArrowLeft, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { reportBoundaryError } from './install';

export const pageErrorTexts = {
  title: 'This page ran into a problem',
  body: 'Something on this page failed while it was being shown. We have been told about it.',
  retry: 'Try again',
  back: 'Go back',
} as const;

export interface PageErrorFallbackProps extends FallbackProps {
  /** Where 'Go back' leads when there is no page to go back to. */
  home: string;
}

export const PageErrorFallback = ({ resetErrorBoundary, home }: PageErrorFallbackProps) => (
  <Card className="mx-auto my-8 max-w-xl" data-testid="page-error" role="alert">
    <EmptyState
      icon={<AlertTriangle />}
      title={pageErrorTexts.title}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => resetErrorBoundary()}>
            <RefreshCw className="h-4 w-4" aria-hidden /> {pageErrorTexts.retry}
          </Button>
          <Link to={home} className={buttonClasses('outline')} onClick={() => resetErrorBoundary()}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> {pageErrorTexts.back}
          </Link>
        </div>
      }
    >
      {pageErrorTexts.body}
    </EmptyState>
  </Card>
);

export const PageErrorBoundary = ({ home, children }: { home: string; children: ReactNode }) => {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      onError={reportBoundaryError}
      fallbackRender={(props) => <PageErrorFallback {...props} home={pathname === home ? '/' : home} />}
    >
      {children}
    </ErrorBoundary>
  );
};
