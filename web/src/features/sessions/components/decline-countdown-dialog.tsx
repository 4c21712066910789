import { Timer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { DECLINE_COUNTDOWN_SECONDS } from '@contracts/sessions';
import { declineCountdownLeft } from '../session-rules';

export interface DeclineCountdownDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. 'Alan's proposal to move the session to Tue, May 13 at 2:00 PM'. */
  what: string;
  busy: boolean;
  onDecline: () => Promise<boolean>;
}

/**
 * Spec 000 §2/§4/§5: declining a reschedule needs a confirmation that stays open for 10 seconds.
 * The member can decline or abort within that time; when it runs out the dialog cancels itself,
 * closing without declining anything.
 */
export const DeclineCountdownDialog = ({ open, onOpenChange, what, busy, onDecline }: DeclineCountdownDialogProps) => {
  const [left, setLeft] = useState(DECLINE_COUNTDOWN_SECONDS);
  const close = useRef(onOpenChange);
  close.current = onOpenChange;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  // Counted against a deadline, so re-renders (live updates) neither restart nor slow the countdown.
  useEffect(() => {
    if (!open) return;
    const openedAt = Date.now();
    setLeft(declineCountdownLeft(openedAt, openedAt));
    const timer = setInterval(() => {
      const remaining = declineCountdownLeft(openedAt, Date.now());
      setLeft(remaining);
      if (remaining === 0 && !busyRef.current) {
        clearInterval(timer);
        close.current(false);
      }
    }, 200);
    return () => clearInterval(timer);
  }, [open]);

  const decline = async () => {
    if (await onDecline()) onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Decline Request"
      description={`Decline ${what}? The session keeps its current time.`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy} autoFocus>
            Keep request
          </Button>
          <Button variant="danger" onClick={() => void decline()} loading={busy} data-testid="confirm-decline">
            Decline
          </Button>
        </>
      }
    >
      <div className="space-y-3" data-testid="decline-countdown">
        <p className="flex items-start gap-2 text-sm text-slate-600" aria-live="polite">
          <Timer className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
          <span>
            This confirmation closes by itself in <strong className="tabular-nums text-slate-900">{left}</strong> second{left === 1 ? '' : 's'}.
          </span>
        </p>
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div
            className="h-full rounded-full bg-red-500 transition-[width] duration-1000 ease-linear"
            style={{ width: `${(left / DECLINE_COUNTDOWN_SECONDS) * 100}%` }}
          />
        </div>
      </div>
    </Dialog>
  );
};
