import { CalendarClock, ExternalLink, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Session } from '@contracts/sessions';
import { formatClock, formatDay, formatDuration } from '@/lib/session-format';
import { Badge } from '@/ui/badge';
import type { BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardBody, CardHeader } from '@/ui/card';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useSessionsWith } from '../api/session-queries';
import { useRunAction } from '../api/use-run-action';

// Document 001 §4: the active sessions listed on another member's profile.
const activeLabels: Record<string, { label: string; tone: BadgeTone }> = {
  requested: { label: 'Requested', tone: 'warning' },
  pending: { label: 'Pending', tone: 'warning' },
  modification_pending: { label: 'Modification Pending', tone: 'info' },
};

const ActiveSessionRow = ({ session }: { session: Session }) => {
  const [confirming, setConfirming] = useState(false);
  const { run, running } = useRunAction(session.id);
  const look = activeLabels[session.status] ?? { label: session.status, tone: 'neutral' as const };
  const canCancel = session.role === 'student' && (session.status === 'requested' || (session.status as string) === 'pending');
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 p-3" data-testid="active-session" data-session-id={session.id}>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900">{session.skill_name}</p>
        <Badge tone={look.tone} className="shrink-0 whitespace-nowrap">
          {look.label}
        </Badge>
      </div>
      <p className="text-sm text-slate-600">
        {formatDay(session.session_date)} · {formatClock(session.session_time)} · {formatDuration(session.duration)}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/dashboard?highlight=${encodeURIComponent(session.id)}`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          View on Dashboard <ExternalLink className="h-3.5 w-3.5" />
        </Link>
        {canCancel && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-600 hover:bg-red-50 hover:text-red-700"
            onClick={() => setConfirming(true)}
            data-testid="cancel-active-session"
          >
            <X className="h-4 w-4" /> Cancel
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel this request?"
        description={`Your request for ${session.skill_name} on ${formatDay(session.session_date)} ends and your held points come back. This cannot be undone.`}
        confirmLabel="Cancel Request"
        tone="danger"
        busy={running === 'cancel-request'}
        onConfirm={() => void run({ kind: 'cancel-request' }).then((ok) => ok && setConfirming(false))}
      />
    </li>
  );
};

/** 'Active Sessions' on another member's profile: requests and pending reschedules between the two. */
export const ActiveSessions = ({ viewerId, memberId }: { viewerId: string; memberId: string }) => {
  const query = useSessionsWith(viewerId, memberId);
  const active = (query.data ?? []).filter((s) => s.status in activeLabels);
  if (!query.data || active.length === 0) return null;
  return (
    <Card data-testid="active-sessions">
      <CardHeader icon={<CalendarClock className="h-5 w-5" />} title="Active Sessions" description={`${active.length} open with this member`} />
      <CardBody>
        <ul className="space-y-3">
          {active.map((session) => (
            <ActiveSessionRow key={session.id} session={session} />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
};
