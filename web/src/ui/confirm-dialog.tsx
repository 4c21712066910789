import type { ReactNode } from 'react';
import { Button } from './button';
import type { ButtonVariant } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: Extract<ButtonVariant, 'primary' | 'danger'>;
  busy?: boolean;
  onConfirm: () => void;
}

/** A yes/no question; Escape, the close button and the cancel button all answer no. */
export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Keep it',
  tone = 'primary',
  busy,
  onConfirm,
}: ConfirmDialogProps) => (
  <Dialog
    open={open}
    onOpenChange={(next) => !busy && onOpenChange(next)}
    title={title}
    description={description}
    size="sm"
    footer={
      <>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} loading={busy} data-testid="confirm-dialog-confirm">
          {confirmLabel}
        </Button>
      </>
    }
  >
    {children}
  </Dialog>
);
