import { MessageSquareHeart } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { FeedbackDialog } from './feedback-dialog';

export const FeedbackButton = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" className="w-full" onClick={() => setOpen(true)} data-testid="open-feedback">
        <MessageSquareHeart className="h-4 w-4" /> Share Your Feedback
      </Button>
      <FeedbackDialog open={open} onOpenChange={setOpen} />
    </>
  );
};
