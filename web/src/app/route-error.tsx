import { AlertTriangle, RefreshCw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';

// Most often a page chunk that failed to download after a deploy; a reload fetches the new build.
export const RouteError = () => {
  const error = useRouteError();
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
