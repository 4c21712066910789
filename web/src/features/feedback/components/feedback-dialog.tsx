import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { CharCount } from '@/ui/char-count';
import { Dialog } from '@/ui/dialog';
import { Field, Textarea } from '@/ui/input';
import { useSendFeedback } from '../api/send-feedback';

export const FEEDBACK_MAX = 2000;
export const EMPTY_FEEDBACK = 'Please enter your feedback before sending.';
const CLOSE_AFTER_MS = 2_000;

const failureText = (error: unknown) => `Failed to send feedback: ${(error instanceof ApiError && error.serverMessage) || 'Please try again later.'}`;

/** Document 001 §2.10 and §5: send disabled while empty or sending; closes 2 s after a successful send. */
export const FeedbackDialog = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useSendFeedback();

  useEffect(() => {
    if (!open) return;
    setMessage('');
    setProblem(null);
    setSent(false);
  }, [open]);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => onOpenChange(false), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, onOpenChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || sent) return;
    if (!message.trim()) {
      setProblem(EMPTY_FEEDBACK);
      return;
    }
    setProblem(null);
    try {
      await send.mutateAsync(message.trim());
      setSent(true);
    } catch (error) {
      setProblem(failureText(error));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !send.isPending && onOpenChange(next)}
      title="Share Your Feedback"
      description="What works, what does not, what you wish SkillSwap did. We read every message."
      footer={
        !sent && (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="feedback-form" disabled={message.length === 0} loading={send.isPending} data-testid="send-feedback">
              Send Feedback
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center" role="status" data-testid="feedback-sent">
          <CheckCircle2 className="h-10 w-10 text-emerald-500" />
          <p className="font-semibold text-slate-900">Thank you for your feedback!</p>
          <p className="text-sm text-slate-500">This window closes in a moment.</p>
        </div>
      ) : (
        <form id="feedback-form" onSubmit={submit} noValidate className="space-y-1.5">
          <Field label="Your feedback" htmlFor="feedback-message" error={problem}>
            <Textarea id="feedback-message" rows={5} maxLength={FEEDBACK_MAX} value={message} onChange={(e) => setMessage(e.target.value)} autoFocus aria-invalid={!!problem || undefined} data-testid="feedback-message" />
          </Field>
          <CharCount length={message.length} max={FEEDBACK_MAX} />
        </form>
      )}
    </Dialog>
  );
};
