import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/ui/button';
import { CharCount } from '@/ui/char-count';
import { Dialog } from '@/ui/dialog';
import { Field, Textarea } from '@/ui/input';
import { DEFAULT_REJECTION_TEXT, REASON_MAX } from '../session-rules';

export interface RejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  studentName: string;
  busy: boolean;
  /** Resolves true when the request was rejected, which closes the dialog. */
  onReject: (reason: string) => Promise<boolean>;
}

export const RejectDialog = ({ open, onOpenChange, studentName, busy, onReject }: RejectDialogProps) => {
  const [reason, setReason] = useState(DEFAULT_REJECTION_TEXT);
  useEffect(() => {
    if (open) setReason(DEFAULT_REJECTION_TEXT);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onReject(reason.trim() || DEFAULT_REJECTION_TEXT)) onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Reject Session Request"
      description={`${studentName} will see your reason and get the held points back.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="reject-session-form" variant="danger" loading={busy} data-testid="confirm-reject">
            Reject Request
          </Button>
        </>
      }
    >
      <form id="reject-session-form" onSubmit={submit} className="space-y-1.5">
        <Field label="Reason" htmlFor="reject-reason">
          <Textarea id="reject-reason" value={reason} maxLength={REASON_MAX} rows={4} onChange={(e) => setReason(e.target.value)} autoFocus aria-describedby="reject-reason-count" />
        </Field>
        <CharCount id="reject-reason-count" length={reason.length} max={REASON_MAX} />
      </form>
    </Dialog>
  );
};
