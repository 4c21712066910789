import { MessageSquareHeart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/ui/button';

// The dialog and its form (react-hook-form, zod) load when it first opens, not with the dashboard.
const FeedbackDialog = lazy(async () => ({ default: (await import('./feedback-dialog')).FeedbackDialog }));

/** The dashboard says 'Share Your Feedback' (spec 000 §2); the feed 'Send feedback' (spec 001 §2.3). */
export const FeedbackButton = ({ label = 'Share Your Feedback' }: { label?: string }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="w-full" onClick={() => setOpen(true)} data-testid="open-feedback">
        <MessageSquareHeart className="h-4 w-4" /> {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FeedbackDialog open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
};
