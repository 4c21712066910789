import { AlertTriangle, BellRing, CalendarCheck2, CheckCircle2, Clock3, Hourglass, Repeat } from 'lucide-react';
import type { Modification, Session } from '@contracts/sessions';
import { formatClock, formatDay, monthOffsetOfDate, recentAgo } from '@/lib/session-format';
import { Button } from '@/ui/button';
import { Notice } from '@/ui/notice';
import { useMutualAvailability } from '../api/session-queries';
import { timeMatch } from '../session-rules';

/** 'Perfect time match!' or 'Time conflict - may need rescheduling', from the mutual availability. */
export const TimeMatchBanner = ({ session, now }: { session: Session; now: number }) => {
  const offset = monthOffsetOfDate(session.session_date);
  const inRange = offset >= -1 && offset <= 1;
  const mutual = useMutualAvailability(session.id, offset, inRange);
  const match = inRange ? timeMatch(session, mutual.data, now) : null;
  if (match === 'match') {
    return (
      <Notice tone="success" icon={<CheckCircle2 />} data-testid="time-match">
        Perfect time match!
      </Notice>
    );
  }
  if (match === 'conflict') {
    return (
      <Notice tone="warning" icon={<AlertTriangle />} data-testid="time-conflict">
        Time conflict - may need rescheduling
      </Notice>
    );
  }
  return null;
};

export const RequestNotice = ({ session, actionRequired }: { session: Session; actionRequired: boolean }) =>
  actionRequired ? (
    <Notice tone="brand" icon={<BellRing />} title="Action Required" data-testid="action-required">
      {session.student.name ?? 'A member'} would like to learn {session.skill_name} with you. Approve to confirm the session, or reject it with a reason.
    </Notice>
  ) : (
    <Notice tone="warning" icon={<Hourglass />} title="Waiting for Approval" data-testid="waiting-for-approval">
      {session.instructor.name ?? 'Your mentor'} has been asked to confirm. Your points are held until then.
    </Notice>
  );

export const ApprovedLine = ({ session, now }: { session: Session; now: number }) => {
  const ago = recentAgo(session.approved_at, now);
  if (!ago || !session.approved_by) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-emerald-700" data-testid="approved-by">
      <CalendarCheck2 className="h-4 w-4" /> Approved by {session.approved_by_name ?? 'a participant'} {ago}
    </p>
  );
};

export interface PendingModificationProps {
  session: Session;
  modification: Modification;
  mine: boolean;
  busy: string | undefined;
  onApprove: () => void;
  onDecline: () => void;
  onCancelRequest: () => void;
}

export const PendingModificationPanel = ({ session, modification, mine, busy, onApprove, onDecline, onCancelRequest }: PendingModificationProps) => {
  const otherName = session.other_user?.name ?? 'The other participant';
  return (
    <Notice tone="info" icon={<Repeat />} title={mine ? 'You proposed a new time' : `${otherName} proposed a new time`} data-testid="pending-modification">
      <p className="flex items-center gap-1.5">
        <Clock3 className="h-3.5 w-3.5" />
        <span className="font-medium">
          {formatDay(modification.proposed_date)} at {formatClock(modification.proposed_time)}
        </span>
      </p>
      {modification.message && <p className="mt-1 italic">“{modification.message}”</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {mine ? (
          <>
            <span className="self-center text-sm">Waiting for {otherName} to respond.</span>
            <Button size="sm" variant="outline" onClick={onCancelRequest} loading={busy === 'cancel-modification'} disabled={!!busy}>
              Cancel Request
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" onClick={onApprove} loading={busy === 'approve-modification'} disabled={!!busy} data-testid="approve-modification">
              Approve New Time
            </Button>
            <Button size="sm" variant="outline" onClick={onDecline} disabled={!!busy} data-testid="decline-modification">
              Decline
            </Button>
          </>
        )}
      </div>
    </Notice>
  );
};

/** The newest reschedule request within 24 h that was declined (spec 000 §4 'recent modification'). */
export const RecentDecline = ({ modifications, now }: { modifications: readonly Modification[] | undefined; now: number }) => {
  const newest = modifications?.reduce<Modification | null>((a, m) => (!a || m.created_at > a.created_at ? m : a), null);
  if (!newest || newest.status !== 'rejected' || !recentAgo(newest.resolved_at ?? newest.updated_at, now)) return null;
  return (
    <p className="text-sm text-slate-500" data-testid="recent-decline">
      Reschedule to {formatDay(newest.proposed_date, 'short')} at {formatClock(newest.proposed_time)}: Declined
    </p>
  );
};
