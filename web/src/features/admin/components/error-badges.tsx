// The error monitor's small marks: a group's severity (the spec's four levels), its status (unresolved,
// resolved, ignored, regressed) and who was affected, shared by /admin/errors and the dashboard's tab.
import { Link } from 'react-router';
import type { ErrorCategory, ErrorGroupStatus, ErrorSeverity } from '@contracts/admin-errors';
import { Badge, type BadgeTone } from '@/ui/badge';

const severityTones: Record<ErrorSeverity, BadgeTone> = { critical: 'danger', high: 'warning', medium: 'info', low: 'neutral' };
const statusTones: Record<ErrorGroupStatus, BadgeTone> = { unresolved: 'danger', regressed: 'danger', resolved: 'success', ignored: 'neutral' };

export const severityLabels: Record<ErrorSeverity, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };
export const statusLabels: Record<ErrorGroupStatus, string> = { unresolved: 'Unresolved', resolved: 'Resolved', ignored: 'Ignored', regressed: 'Regressed' };
export const categoryLabels: Record<ErrorCategory, string> = { api: 'API', database: 'Database', follower: 'Follower', assistant: 'Assistant', browser: 'Browser' };

export const SeverityBadge = ({ severity }: { severity: ErrorSeverity }) => (
  <span data-severity={severity}>
    <Badge tone={severityTones[severity]}>{severityLabels[severity]}</Badge>
  </span>
);

export const StatusBadge = ({ status }: { status: ErrorGroupStatus }) => (
  <span data-status={status}>
    <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>
  </span>
);

/** The member an error happened to, as a link to the User Inspector; server errors outside a request have none. */
export const ErrorUser = ({ userId }: { userId: string | null }) =>
  userId ? (
    <Link to={`/admin?tab=inspector&userId=${encodeURIComponent(userId)}`} className="font-mono text-xs break-all text-brand-700 hover:underline" title={userId}>
      {userId.length > 12 ? `${userId.slice(0, 8)}…` : userId}
    </Link>
  ) : (
    <span className="text-xs text-slate-500">No member</span>
  );

/** 'GET /api/feed', or the path alone (a browser error's page), or a dash. */
export const requestText = (method: string | null, path: string | null): string => [method, path].filter(Boolean).join(' ') || '–';
