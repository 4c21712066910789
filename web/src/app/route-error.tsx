import { AlertTriangle, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportBoundaryError } from '@/features/error-reporting/install';
import { ApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';

// Most often a page chunk that failed to download after a deploy; a reload fetches the new build.
export const RouteError = () => {
  const error = useRouteError();
  // A page's chunk that failed to load, a loader's bug: reported like a boundary's catch. A 404 of the router
  // or an API's refusal is no error of the page (the server records its own 5xx).
  useEffect(() => {
    if (error instanceof Error && !(error instanceof ApiError)) reportBoundaryError(error);
  }, [error]);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <div className="min-h-screen bg-slate-50 pt-16">
      <EmptyState
        icon={<AlertTriangle />}
        title="Something went wrong"
        action={
          <Button onClick={() => window.location.reload()}>
            <RefreshCw className="h-4 w-4" /> Reload the page
          </Button>
        }
      >
        <p>This page could not be shown. Reloading usually fixes it.</p>
        {detail && <p className="mt-2 font-mono text-xs text-slate-500">{detail}</p>}
      </EmptyState>
    </div>
  );
};
