// The session card's dialogs, in their own chunk with their forms (react-hook-form, the zod resolver and
// the form schemas): the card loads this module only when one of them opens, so the dashboard's first
// screen carries none of it (issue 19, Lighthouse on the dashboard).
import type { Session } from '@contracts/sessions';
import { formatClock, formatDay } from '@/lib/session-format';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import type { SessionAction } from '../api/session-actions';
import { cancellationClosed } from '../session-rules';
import type { pendingModification } from '../session-rules';
import { DeclineCountdownDialog } from './decline-countdown-dialog';
import { ProposeModificationDialog } from './propose-modification-dialog';
import { RejectDialog } from './reject-dialog';
import { SmartCalendarDialog } from './smart-calendar-dialog';

export type CardDialog = 'reject' | 'cancel-request' | 'propose' | 'calendar' | 'decline';

export interface SessionCardDialogsProps {
  dialog: CardDialog;
  session: Session;
  viewerId: string;
  pending: ReturnType<typeof pendingModification>;
  running: string | undefined;
  run: (action: SessionAction) => Promise<boolean>;
  /** The card's clock (ms): the calendar's cancellation follows the same moment as the card. */
  now: number;
  onClose: () => void;
}

/** The one open dialog; it is mounted while open, so every opening starts from a fresh form. */
export const SessionCardDialogs = ({ dialog, session, viewerId, pending, running, run, now, onClose }: SessionCardDialogsProps) => {
  const close = (open: boolean) => !open && onClose();
  const propose = (p: { date: string; time: string; message: string }) => run({ kind: 'propose', ...p });
  const other = session.other_user?.name ?? 'the other participant';
  switch (dialog) {
    case 'reject':
      return (
        <RejectDialog
          open
          onOpenChange={close}
          studentName={session.student.name ?? 'The student'}
          busy={running === 'reject'}
          onReject={(reason) => run({ kind: 'reject', reason })}
        />
      );
    case 'cancel-request':
      return (
        <ConfirmDialog
          open
          onOpenChange={close}
          title="Cancel this request?"
          description={`Your request for ${session.skill_name} on ${formatDay(session.session_date)} at ${formatClock(session.session_time)} ends and your held points come back. This cannot be undone.`}
          confirmLabel="Cancel Request"
          tone="danger"
          busy={running === 'cancel-request'}
          onConfirm={() => void run({ kind: 'cancel-request' }).then((ok) => ok && onClose())}
        />
      );
    case 'propose':
      return <ProposeModificationDialog session={session} viewerId={viewerId} open onOpenChange={close} busy={running === 'propose'} onPropose={propose} />;
    case 'calendar':
      return (
        <SmartCalendarDialog
          session={session}
          viewerId={viewerId}
          open
          onOpenChange={close}
          busy={running === 'propose' ? 'propose' : running === 'cancel-session' ? 'cancel' : null}
          onPropose={propose}
          onCancelSession={(reason) => run({ kind: 'cancel-session', reason })}
          cancellationClosed={cancellationClosed(session, now)}
        />
      );
    case 'decline':
      return pending ? (
        <DeclineCountdownDialog
          open
          onOpenChange={close}
          what={`${other}'s proposal to move the session to ${formatDay(pending.modification.proposed_date)} at ${formatClock(pending.modification.proposed_time)}`}
          busy={running === 'reject-modification'}
          onDecline={() => run({ kind: 'reject-modification', modificationId: pending.modification.id })}
        />
      ) : null;
  }
};
