import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { rejectFormSchema } from '@contracts/session-forms';
import type { RejectForm } from '@contracts/session-forms';
import { DEFAULT_REJECTION_REASON, REASON_MAX } from '@contracts/sessions';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Field, Form } from '@/ui/form';
import { Textarea } from '@/ui/input';

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
  const form = useForm({ resolver: zodResolver(rejectFormSchema), defaultValues: initial });
  const { reset } = form;

  // Every way out goes through here, so the next opening starts from the default text again.
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset(initial);
    onOpenChange(next);
  };

  const submit = async (values: RejectForm) => {
    if (await onReject(values.reason.trim())) {
      reset(initial);
      onOpenChange(false);
    }
  };

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
      <Form id="reject-session-form" form={form} onSubmit={submit} noValidate={false}>
        <Field name="reason" label="Reason" id="reject-reason" max={REASON_MAX}>
          {(control) => <Textarea {...control} rows={4} autoFocus />}
        </Field>
      </Form>
    </Dialog>
  );
};
