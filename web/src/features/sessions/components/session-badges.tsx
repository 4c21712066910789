import { GraduationCap, Presentation } from 'lucide-react';
import type { Session } from '@contracts/sessions';
import { pointsText, statusLabels } from '@/lib/session-format';
import type { SessionStatus } from '@/lib/session-format';
import { Badge } from '@/ui/badge';
import type { BadgeTone } from '@/ui/badge';

/** A badge is one unit: on a 390 px card the row of badges wraps between them, never inside one. */
const nowrap = 'whitespace-nowrap';

const statusTones: Record<SessionStatus, BadgeTone> = {
  requested: 'warning',
  pending: 'warning',
  confirmed: 'success',
  modification_pending: 'info',
  completed: 'brand',
  cancelled: 'neutral',
  declined: 'neutral',
  rejected: 'danger',
};

export const StatusBadge = ({ status }: { status: SessionStatus }) => (
  <Badge tone={statusTones[status]} className={nowrap}>
    <span data-testid="session-status">{statusLabels[status]}</span>
  </Badge>
);

export const RoleBadge = ({ role }: { role: Session['role'] }) => {
  if (!role) return null;
  return role === 'instructor' ? (
    <Badge tone="brand" className={nowrap}>
      <Presentation className="h-3.5 w-3.5" /> You are the Mentor
    </Badge>
  ) : (
    <Badge tone="info" className={nowrap}>
      <GraduationCap className="h-3.5 w-3.5" /> You are the Mentee
    </Badge>
  );
};

/**
 * Spec 000 §4 point status: held ('{amount} pts held', default 1), transferred, refunded, none. The
 * amount is spelled out with its number ('1 point held', '2 points held'; issue 19 point 14).
 */
export const pointStatusText = (session: Pick<Session, 'point_status' | 'held_points' | 'points_transferred' | 'cost'>): string | null => {
  switch (session.point_status) {
    case 'held':
      return `${pointsText(session.held_points || session.cost || 1)} held`;
    case 'transferred':
      return `${pointsText(session.points_transferred || session.cost)} transferred`;
    case 'refunded':
      return `${pointsText(session.cost)} refunded`;
    default:
      return null;
  }
};

const pointTones: Record<Session['point_status'], BadgeTone> = { held: 'warning', transferred: 'success', refunded: 'neutral', none: 'neutral' };

export const PointStatusBadge = ({ session }: { session: Session }) => {
  const text = pointStatusText(session);
  if (!text) return null;
  return (
    <Badge tone={pointTones[session.point_status]} className={nowrap}>
      <span data-testid="point-status">{text}</span>
    </Badge>
  );
};
