import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FEEDBACK_MAX_LENGTH, feedbackFormSchema } from '@contracts/dashboard';
import { ApiError } from '@/lib/http';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Field, Form } from '@/ui/form';
import { Textarea } from '@/ui/input';
import { useSendFeedback } from '../api/send-feedback';

const CLOSE_AFTER_MS = 2_000;

const failureText = (error: unknown) => `Failed to send feedback: ${(error instanceof ApiError && error.serverMessage) || 'Please try again later.'}`;

/** Document 001 §2.10 and §5: send disabled while empty or sending; closes 2 s after a successful send. */
export const FeedbackDialog = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const form = useForm({ resolver: zodResolver(feedbackFormSchema), defaultValues: { message: '' } });
  const { reset } = form;
  const message = useWatch({ control: form.control, name: 'message' });
  const [sent, setSent] = useState(false);
  const send = useSendFeedback();

  // Every way out goes through here, so the next opening starts from an empty form.
  const close = (next: boolean) => {
    if (send.isPending) return;
    if (!next) {
      reset();
      setSent(false);
    }
    onOpenChange(next);
  };

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      reset();
      setSent(false);
      onOpenChange(false);
    }, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, onOpenChange, reset]);

  const submit = async (values: { message: string }) => {
    if (send.isPending || sent) return;
    await send.mutateAsync(values.message);
    setSent(true);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Share Your Feedback"
      description="What works, what does not, what you wish SkillSwap did. We read every message."
      footer={
        !sent && (
          <>
            <Button variant="outline" onClick={() => close(false)} disabled={send.isPending}>
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
        <Form id="feedback-form" form={form} onSubmit={submit} failureText={failureText} className="space-y-1.5">
          <Field name="message" label="Your feedback" id="feedback-message" max={FEEDBACK_MAX_LENGTH}>
            {(control) => <Textarea {...control} rows={5} autoFocus data-testid="feedback-message" />}
          </Field>
        </Form>
      )}
    </Dialog>
  );
};
