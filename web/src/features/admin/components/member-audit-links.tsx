// The User Inspector's ways into the audit (issue 33 point 1): the member's own streams, their events in
// the browser, and their sessions (from the log's SessionRequested events about them, as student or
// mentor), each with its stream, its booking's chain and its dispute evidence pack (point 5: the canonical JSON
// as a download, and the printable page of the same pack in a new tab; both are the server's documents).
import { FileDown, History, ListTree, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { evidenceTexts } from '@contracts/admin-evidence';
import { buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { useAdminEvents } from '../api/audit-api';
import { correlationLink, streamLink } from './event-row';
import { formatDateTime } from '@/lib/dates';

/** The streams of one member (the house's member-owned categories, eventstore/log-subjects.ts). */
const memberStreams = (memberId: string) => [
  { label: 'Profile', streamId: `member-${memberId}` },
  { label: 'Points ledger', streamId: `ledger-${memberId}` },
  { label: 'Notifications', streamId: `inbox-${memberId}` },
];

const evidenceUrl = (sessionId: string) => `/api/admin/sessions/${encodeURIComponent(sessionId)}/evidence`;

interface RequestedSession {
  sessionId: string;
  skillName: string;
  startsAt: string;
  studentId: string;
}

const MemberSessions = ({ memberId }: { memberId: string }) => {
  const requested = useAdminEvents({ type: 'SessionRequested', member: memberId, stream: 'session-' });
  if (requested.isPending) return <Spinner size="sm" label="Loading sessions" />;
  if (requested.isError) return <p className="text-sm text-red-700">Could not load the member&apos;s sessions.</p>;
  const sessions = requested.data.pages.flatMap((page) => page.events).map((event) => event.data as RequestedSession);
  if (sessions.length === 0) return <p className="text-sm text-slate-600">No sessions yet</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="member-sessions">
      {sessions.map((session) => (
        <li key={session.sessionId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
          <span className="min-w-0 flex-1 font-medium text-slate-900">
            {session.skillName} <span className="font-normal text-slate-600">({session.studentId === memberId ? 'student' : 'mentor'})</span>
          </span>
          <time dateTime={session.startsAt} className="text-xs text-slate-600">
            {formatDateTime(session.startsAt)}
          </time>
          <span className="flex flex-wrap gap-2">
            <Link to={correlationLink(session.sessionId)} className={buttonClasses('outline', 'sm')} aria-label={`Event chain of the ${session.skillName} session`}>
              Event chain
            </Link>
            <Link to={streamLink(`session-${session.sessionId}`)} className={buttonClasses('outline', 'sm')} aria-label={`Stream of the ${session.skillName} session`}>
              Stream
            </Link>
            <a
              href={evidenceUrl(session.sessionId)}
              download={`evidence-${session.sessionId}.json`}
              className={buttonClasses('outline', 'sm')}
              aria-label={`${evidenceTexts.download} of the ${session.skillName} session (JSON)`}
            >
              <FileDown className="h-4 w-4" aria-hidden /> {evidenceTexts.download}
            </a>
            <a
              href={`${evidenceUrl(session.sessionId)}?format=html`}
              target="_blank"
              rel="noopener"
              className={buttonClasses('outline', 'sm')}
              aria-label={`${evidenceTexts.print} of the ${session.skillName} session's evidence pack (opens in a new tab)`}
            >
              <Printer className="h-4 w-4" aria-hidden /> {evidenceTexts.print}
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
};

export const MemberAuditLinks = ({ memberId }: { memberId: string }) => (
  <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="member-audit-title" data-testid="member-audit">
    <h3 id="member-audit-title" className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
      <History className="h-4 w-4" aria-hidden /> Audit
    </h3>
    <div className="flex flex-wrap gap-2">
      {memberStreams(memberId).map(({ label, streamId }) => (
        <Link key={streamId} to={streamLink(streamId)} className={buttonClasses('outline', 'sm')}>
          {label} stream
        </Link>
      ))}
      <Link to={`/admin/events?member=${encodeURIComponent(memberId)}`} className={buttonClasses('outline', 'sm')}>
        <ListTree className="h-4 w-4" aria-hidden /> All their events
      </Link>
    </div>
    <h4 className="text-sm font-semibold text-slate-900">Sessions</h4>
    <MemberSessions memberId={memberId} />
  </section>
);
