import clsx from 'clsx';
import { Info, MessageSquareQuote } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Session } from '@contracts/sessions';
import { useNow } from '@/lib/use-now';
import { useSeen } from '@/lib/use-seen';
import { useModifications } from '../api/session-queries';
import { useRunAction } from '../api/use-run-action';
import { cardAbilities, cardTurningPoints, pendingModification } from '../session-rules';
import { GivenRating } from './given-rating';
import type { CardDialog } from './session-card-dialogs';
import { SessionCardActions } from './session-card-actions';
import { SessionCardHeader, SessionWhen } from './session-card-header';
import { ApprovedLine, PendingModificationPanel, RecentDecline, RequestNotice, TimeMatchBanner } from './session-notes';
import { SessionThread } from './session-thread';

// The dialogs and the rating form carry the form libraries (react-hook-form, zod): they load when first
// shown, not with the dashboard (issue 19, Lighthouse on the dashboard).
const SessionCardDialogs = lazy(async () => ({ default: (await import('./session-card-dialogs')).SessionCardDialogs }));
const RatingWidget = lazy(async () => ({ default: (await import('./rating-widget')).RatingWidget }));

export interface SessionCardProps {
  session: Session;
  viewerId: string;
  /** Ringed while the dashboard's ?highlight= points at it. */
  highlighted?: boolean;
  /** After the mentor approves (the dashboard then shows its Upcoming tab). */
  onApproved?: () => void;
}

export const SessionCard = ({ session, viewerId, highlighted, onApproved }: SessionCardProps) => {
  const now = useNow(30_000, cardTurningPoints(session));
  const [dialog, setDialog] = useState<CardDialog | null>(null);
  const { run, running } = useRunAction(session.id);
  const abilities = cardAbilities(session, now);
  const booked = session.status === 'confirmed' || session.status === 'modification_pending';
  // Extras load once the card nears the viewport: a highlighted dashboard lists up to 100 cards.
  const [ref, seen] = useSeen<HTMLElement>();
  const modifications = useModifications(session.id, booked && seen);
  const pending = pendingModification(session, modifications.data, viewerId);
  const other = session.other_user?.name ?? 'the other participant';
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
        // A card below the fold is not styled or laid out until it nears the viewport (the dashboard's first
        // render on a phone; issue 19, Lighthouse): its own ring and shadow are not clipped by the containment.
        '[content-visibility:auto] [contain-intrinsic-size:auto_22rem]',
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
        <Suspense fallback={null}>
          <RatingWidget
            mentorName={session.instructor.name ?? 'your mentor'}
            busy={running === 'rate'}
            onRate={(rating, review) => run({ kind: 'rate', rating, review })}
          />
        </Suspense>
      )}
      {session.status === 'completed' && <GivenRating session={session} />}
      <SessionThread sessionId={session.id} viewerId={viewerId} />

      {dialog && (
        <Suspense fallback={null}>
          <SessionCardDialogs
            dialog={dialog}
            session={session}
            viewerId={viewerId}
            pending={pending}
            running={running}
            run={run}
            now={now}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </article>
  );
};
