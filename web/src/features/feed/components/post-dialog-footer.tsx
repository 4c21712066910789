import { Button } from '@/ui/button';
import { WhyDisabled } from './why-disabled';

interface PostDialogFooterProps {
  /** The form the submit button sends. */
  formId: string;
  submitLabel: string;
  submitTestId: string;
  /** Why the form cannot be sent yet ('Complete ... to post'), or null. */
  reason: string | null;
  pending: boolean;
  onCancel: () => void;
}

/** Cancel and the submit button of the composer and the edit dialog; a disabled submit says why. */
export const PostDialogFooter = ({ formId, submitLabel, submitTestId, reason, pending, onCancel }: PostDialogFooterProps) => (
  <>
    <Button variant="outline" onClick={onCancel} disabled={pending}>
      Cancel
    </Button>
    <WhyDisabled reason={reason}>
      {(describedBy) => (
        <Button type="submit" form={formId} disabled={!!reason} loading={pending} aria-describedby={describedBy} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      )}
    </WhyDisabled>
  </>
);
