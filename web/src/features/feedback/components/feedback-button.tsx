import { MessageSquareHeart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/ui/button';

// The dialog and its form (react-hook-form, zod) load when it first opens, not with the dashboard.
const FeedbackDialog = lazy(async () => ({ default: (await import('./feedback-dialog')).FeedbackDialog }));

export const FeedbackButton = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="w-full" onClick={() => setOpen(true)} data-testid="open-feedback">
        <MessageSquareHeart className="h-4 w-4" /> Share Your Feedback
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FeedbackDialog open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
};
