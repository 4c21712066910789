import clsx from 'clsx';
import { ChevronDown, MessagesSquare } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Spinner } from '@/ui/spinner';
import { useThread } from '../api/session-queries';

// The open thread (its messages and its form, with react-hook-form and zod) loads when first opened:
// every card on the dashboard has a closed thread (issue 19, Lighthouse on the dashboard).
const SessionThreadPanel = lazy(async () => ({ default: (await import('./session-thread-panel')).SessionThreadPanel }));

export const SessionThread = ({ sessionId, viewerId }: { sessionId: string; viewerId: string }) => {
  const [open, setOpen] = useState(false);
  const thread = useThread(sessionId, open);
  const panelId = useId();
  const count = thread.data?.length;

  return (
    <div className="border-t border-slate-100 pt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between rounded-lg px-1 py-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        data-testid="toggle-thread"
      >
        <span className="inline-flex items-center gap-2">
          <MessagesSquare className="h-4 w-4" /> Session messages{count !== undefined ? ` (${count})` : ''}
        </span>
        <ChevronDown className={clsx('h-4 w-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <Suspense
          fallback={
            <div id={panelId} className="mt-3 flex justify-center py-4">
              <Spinner size="sm" label="Loading messages" />
            </div>
          }
        >
          <SessionThreadPanel id={panelId} sessionId={sessionId} viewerId={viewerId} messages={thread.data} loading={thread.isPending} />
        </Suspense>
      )}
    </div>
  );
};
