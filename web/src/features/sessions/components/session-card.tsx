import clsx from 'clsx';
import { Info, MessageSquareQuote } from 'lucide-react';
import { useState } from 'react';
import type { Session } from '@contracts/sessions';
import { formatClock, formatDay } from '@/lib/session-format';
import { useNow } from '@/lib/use-now';
import { useSeen } from '@/lib/use-seen';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useModifications } from '../api/session-queries';
import { useRunAction } from '../api/use-run-action';
import { cardAbilities, pendingModification } from '../session-rules';
import { DeclineCountdownDialog } from './decline-countdown-dialog';
import { ProposeModificationDialog } from './propose-modification-dialog';
import { GivenRating, RatingWidget } from './rating-widget';
import { RejectDialog } from './reject-dialog';
import { SessionCardActions } from './session-card-actions';
import { SessionCardHeader, SessionWhen } from './session-card-header';
import { ApprovedLine, PendingModificationPanel, RecentDecline, RequestNotice, TimeMatchBanner } from './session-notes';
import { SessionThread } from './session-thread';
import { SmartCalendarDialog } from './smart-calendar-dialog';

type OpenDialog = 'reject' | 'cancel-request' | 'propose' | 'calendar' | 'decline' | null;

export interface SessionCardProps {
  session: Session;
  viewerId: string;
  /** Ringed while the dashboard's ?highlight= points at it. */
  highlighted?: boolean;
  /** After the mentor approves (the dashboard then shows its Upcoming tab). */
  onApproved?: () => void;
}

export const SessionCard = ({ session, viewerId, highlighted, onApproved }: SessionCardProps) => {
  const now = useNow(30_000);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { run, running } = useRunAction(session.id);
  const abilities = cardAbilities(session, now);
  const booked = session.status === 'confirmed' || session.status === 'modification_pending';
  // Extras load once the card nears the viewport: a highlighted dashboard lists up to 100 cards.
  const [ref, seen] = useSeen<HTMLElement>();
  const modifications = useModifications(session.id, booked && seen);
  const pending = pendingModification(session, modifications.data, viewerId);
  const other = session.other_user?.name ?? 'the other participant';
  const close = (open: boolean) => !open && setDialog(null);
  const propose = (p: { date: string; time: string; message: string }) => run({ kind: 'propose', ...p });
  const active = abilities.waitingForApproval || abilities.actionRequired || booked;

  return (
    <article
      ref={ref}
      id={`session-${session.id}`}
      data-testid="session-card"
      data-session-id={session.id}
      data-status={session.status}
      data-highlighted={highlighted || undefined}
      aria-label={`${session.skill_name} with ${other}`}
      className={clsx(
        'scroll-mt-24 space-y-4 rounded-2xl border bg-white p-4 shadow-sm transition-shadow duration-500 sm:p-5',
        abilities.muted ? 'border-slate-200 bg-slate-50/80 opacity-75' : 'border-slate-200',
        highlighted && 'ring-4 ring-brand-400 ring-offset-2',
      )}
    >
      <SessionCardHeader session={session} muted={abilities.muted} />
      <SessionWhen session={session} muted={abilities.muted} />
      {session.student_message && (
        <p className="flex gap-2 text-sm text-slate-600">
          <MessageSquareQuote className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
          <span className="italic">“{session.student_message}”</span>
        </p>
      )}
      {abilities.muted && session.status_reason && (
        <p className="flex gap-2 text-sm text-slate-500" data-testid="status-reason">
          <Info className="mt-0.5 h-4 w-4 shrink-0" /> {session.status_reason}
        </p>
      )}
      {seen && active && !abilities.muted && <TimeMatchBanner session={session} now={now} />}
      {(abilities.waitingForApproval || abilities.actionRequired) && <RequestNotice session={session} actionRequired={abilities.actionRequired} />}
      <ApprovedLine session={session} now={now} />
      {pending && (
        <PendingModificationPanel
          session={session}
          modification={pending.modification}
          mine={pending.mine}
          busy={running}
          onApprove={() => void run({ kind: 'approve-modification', modificationId: pending.modification.id })}
          onDecline={() => setDialog('decline')}
          onCancelRequest={() => void run({ kind: 'cancel-modification' })}
        />
      )}
      {booked && !pending && <RecentDecline modifications={modifications.data} now={now} />}
      <SessionCardActions
        session={session}
        abilities={abilities}
        busy={running}
        onApprove={() => void run({ kind: 'approve' }).then((ok) => ok && onApproved?.())}
        onReject={() => setDialog('reject')}
        onCancelRequest={() => setDialog('cancel-request')}
        onReschedule={() => setDialog('propose')}
        onOpenCalendar={() => setDialog('calendar')}
        onComplete={() => void run({ kind: 'complete' })}
      />
      {abilities.canRate && (
        <RatingWidget
          mentorName={session.instructor.name ?? 'your mentor'}
          busy={running === 'rate'}
          onRate={(rating, review) => run({ kind: 'rate', rating, review })}
        />
      )}
      {session.status === 'completed' && <GivenRating session={session} />}
      <SessionThread sessionId={session.id} viewerId={viewerId} />

      <RejectDialog
        open={dialog === 'reject'}
        onOpenChange={close}
        studentName={session.student.name ?? 'The student'}
        busy={running === 'reject'}
        onReject={(reason) => run({ kind: 'reject', reason })}
      />
      <ConfirmDialog
        open={dialog === 'cancel-request'}
        onOpenChange={close}
        title="Cancel this request?"
        description={`Your request for ${session.skill_name} on ${formatDay(session.session_date)} at ${formatClock(session.session_time)} ends and your held points come back. This cannot be undone.`}
        confirmLabel="Cancel Request"
        tone="danger"
        busy={running === 'cancel-request'}
        onConfirm={() => void run({ kind: 'cancel-request' }).then((ok) => ok && setDialog(null))}
      />
      <ProposeModificationDialog
        session={session}
        viewerId={viewerId}
        open={dialog === 'propose'}
        onOpenChange={close}
        busy={running === 'propose'}
        onPropose={propose}
      />
      <SmartCalendarDialog
        session={session}
        viewerId={viewerId}
        open={dialog === 'calendar'}
        onOpenChange={close}
        busy={running === 'propose' ? 'propose' : running === 'cancel-session' ? 'cancel' : null}
        onPropose={propose}
        onCancelSession={(reason) => run({ kind: 'cancel-session', reason })}
      />
      {pending && (
        <DeclineCountdownDialog
          open={dialog === 'decline'}
          onOpenChange={close}
          what={`${other}'s proposal to move the session to ${formatDay(pending.modification.proposed_date)} at ${formatClock(pending.modification.proposed_time)}`}
          busy={running === 'reject-modification'}
          onDecline={() => run({ kind: 'reject-modification', modificationId: pending.modification.id })}
        />
      )}
    </article>
  );
};
