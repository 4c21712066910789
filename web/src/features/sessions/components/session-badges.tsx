import { GraduationCap, Presentation } from 'lucide-react';
import type { Session } from '@contracts/sessions';
import { statusLabels } from '@/lib/session-format';
import type { SessionStatus } from '@/lib/session-format';
import { Badge } from '@/ui/badge';
import type { BadgeTone } from '@/ui/badge';

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
  <Badge tone={statusTones[status]}>
    <span data-testid="session-status">{statusLabels[status]}</span>
  </Badge>
);

export const RoleBadge = ({ role }: { role: Session['role'] }) => {
  if (!role) return null;
  return role === 'instructor' ? (
    <Badge tone="brand">
      <Presentation className="h-3.5 w-3.5" /> You are the Mentor
    </Badge>
  ) : (
    <Badge tone="info">
      <GraduationCap className="h-3.5 w-3.5" /> You are the Mentee
    </Badge>
  );
};

/** Spec 000 §4 point status: held ('{amount} pts held', default 1), transferred, refunded, none. */
export const pointStatusText = (session: Pick<Session, 'point_status' | 'held_points' | 'points_transferred' | 'cost'>): string | null => {
  switch (session.point_status) {
    case 'held':
      return `${session.held_points || session.cost || 1} pts held`;
    case 'transferred':
      return `${session.points_transferred || session.cost} pts transferred`;
    case 'refunded':
      return `${session.cost} pts refunded`;
    default:
      return null;
  }
};

const pointTones: Record<Session['point_status'], BadgeTone> = { held: 'warning', transferred: 'success', refunded: 'neutral', none: 'neutral' };

export const PointStatusBadge = ({ session }: { session: Session }) => {
  const text = pointStatusText(session);
  if (!text) return null;
  return (
    <Badge tone={pointTones[session.point_status]}>
      <span data-testid="point-status">{text}</span>
    </Badge>
  );
};
