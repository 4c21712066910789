import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Notice } from './notice';

/** A read that failed with nothing to show instead: announced at once, with a way to ask again. */
export const LoadFailedNotice = ({ title, onRetry, children }: { title: ReactNode; onRetry: () => void; children: ReactNode }) => (
  <Notice
    tone="danger"
    role="alert"
    title={title}
    action={
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RefreshCw className="h-4 w-4" aria-hidden /> Try again
      </Button>
    }
  >
    {children}
  </Notice>
);
