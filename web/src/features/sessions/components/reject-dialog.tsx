import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { rejectFormSchema } from '@contracts/session-forms';
import type { RejectForm } from '@contracts/session-forms';
import { DEFAULT_REJECTION_REASON, REASON_MAX } from '@contracts/sessions';
import { Button } from '@/ui/button';
import { CharCount } from '@/ui/char-count';
import { Dialog } from '@/ui/dialog';
import { Field, Textarea } from '@/ui/input';

export interface RejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  studentName: string;
  busy: boolean;
  /** Resolves true when the request was rejected, which closes the dialog. */
  onReject: (reason: string) => Promise<boolean>;
}

const initial: RejectForm = { reason: DEFAULT_REJECTION_REASON };

export const RejectDialog = ({ open, onOpenChange, studentName, busy, onReject }: RejectDialogProps) => {
  const { register, handleSubmit, reset, control, formState } = useForm({ resolver: zodResolver(rejectFormSchema), defaultValues: initial });
  const reason = useWatch({ control, name: 'reason' });

  // Every way out goes through here, so the next opening starts from the default text again.
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset(initial);
    onOpenChange(next);
  };

  const submit = handleSubmit(async (form) => {
    if (await onReject(form.reason.trim())) {
      reset(initial);
      onOpenChange(false);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Reject Session Request"
      description={`${studentName} will see your reason and get the held points back.`}
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="reject-session-form" variant="danger" loading={busy} data-testid="confirm-reject">
            Reject Request
          </Button>
        </>
      }
    >
      <form id="reject-session-form" onSubmit={(event) => void submit(event)} className="space-y-1.5">
        <Field label="Reason" htmlFor="reject-reason" error={formState.errors.reason?.message}>
          <Textarea id="reject-reason" maxLength={REASON_MAX} rows={4} {...register('reason')} autoFocus aria-describedby="reject-reason-count" />
        </Field>
        <CharCount id="reject-reason-count" length={reason.length} max={REASON_MAX} />
      </form>
    </Dialog>
  );
};
