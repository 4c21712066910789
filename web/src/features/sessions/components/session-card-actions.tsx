import { CalendarClock, CalendarPlus, CheckCheck, Check, Video, X } from 'lucide-react';
import type { Session } from '@contracts/sessions';
import { Button, buttonClasses } from '@/ui/button';
import { calendarFileUrl } from '../api/session-queries';
import type { CardAbilities } from '../session-rules';

/** One grid cell on a phone, its own width from sm up. */
const cell = 'w-full sm:w-auto';
/** Both grid columns on a phone. */
const wide = 'col-span-2 w-full sm:w-auto';

export interface SessionCardActionsProps {
  session: Session;
  abilities: CardAbilities;
  busy: string | undefined;
  onApprove: () => void;
  onReject: () => void;
  onCancelRequest: () => void;
  onReschedule: () => void;
  onOpenCalendar: () => void;
  onComplete: () => void;
}

export const SessionCardActions = ({
  session,
  abilities,
  busy,
  onApprove,
  onReject,
  onCancelRequest,
  onReschedule,
  onOpenCalendar,
  onComplete,
}: SessionCardActionsProps) => {
  const link = session.video_call_link;
  const meet = session.google_meet_link;
  const any = abilities.actionRequired || abilities.canCancelRequest || abilities.canJoin || abilities.canReschedule || abilities.canComplete;
  if (!any) return null;
  return (
    // On a phone the actions are a two-column grid of full-width buttons (the main one across both
    // columns) rather than a ragged wrap; from sm up they sit in one row.
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid="session-actions">
      {abilities.actionRequired && (
        <>
          <Button size="sm" className={cell} onClick={onApprove} loading={busy === 'approve'} disabled={!!busy} data-testid="approve-session">
            <Check className="h-4 w-4" /> Approve
          </Button>
          <Button size="sm" variant="outline" className={cell} onClick={onReject} disabled={!!busy} data-testid="reject-session">
            <X className="h-4 w-4" /> Reject
          </Button>
        </>
      )}
      {abilities.canCancelRequest && (
        <Button size="sm" variant="outline" className={wide} onClick={onCancelRequest} disabled={!!busy} data-testid="cancel-request">
          <X className="h-4 w-4" /> Cancel Request
        </Button>
      )}
      {abilities.canJoin && link && (
        <a href={link} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'sm', wide)} data-testid="join-session">
          <Video className="h-4 w-4" /> Join Session
        </a>
      )}
      {abilities.canJoin && meet && meet !== link && (
        <a href={meet} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'sm', wide)}>
          <Video className="h-4 w-4" /> Google Meet
        </a>
      )}
      {abilities.canJoin && (
        <a href={calendarFileUrl(session.id)} download className={buttonClasses('outline', 'sm', wide)} data-testid="add-to-calendar">
          <CalendarPlus className="h-4 w-4" /> Add to calendar
        </a>
      )}
      {abilities.canReschedule && (
        <>
          <Button size="sm" variant="outline" className={cell} onClick={onReschedule} disabled={!!busy} data-testid="reschedule">
            <CalendarClock className="h-4 w-4" /> Reschedule
          </Button>
          <Button size="sm" variant="outline" className={cell} onClick={onOpenCalendar} disabled={!!busy} data-testid="open-smart-calendar">
            Smart Calendar
          </Button>
        </>
      )}
      {abilities.canComplete && (
        <Button size="sm" variant="secondary" className={wide} onClick={onComplete} loading={busy === 'complete'} disabled={!!busy} data-testid="complete-session">
          <CheckCheck className="h-4 w-4" /> Mark as completed
        </Button>
      )}
    </div>
  );
};
