import clsx from 'clsx';
import { CalendarDays, Clock, Coins, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import type { Session } from '@contracts/sessions';
import { endClock, formatClock, formatDay, formatDuration, pointsText } from '@/lib/session-format';
import { Avatar } from '@/ui/avatar';
import { PointStatusBadge, RoleBadge, StatusBadge } from './session-badges';

export const SessionCardHeader = ({ session, muted }: { session: Session; muted: boolean }) => {
  const other = session.other_user ?? (session.role === 'student' ? session.instructor : session.student);
  const otherName = other.name ?? 'A member';
  const profile = `/profile/${encodeURIComponent(other.id)}`;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Link to={profile} className="shrink-0 rounded-full focus-visible:ring-2 focus-visible:ring-brand-300" tabIndex={-1} aria-hidden>
          <Avatar name={otherName} src={other.avatar} className={clsx(muted && 'grayscale')} />
        </Link>
        <div className="min-w-0">
          <h3 className={clsx('truncate font-semibold', muted ? 'text-slate-500' : 'text-slate-900')} data-testid="session-skill">
            {session.skill_name}
          </h3>
          <p className="text-sm text-slate-500">
            with{' '}
            <Link to={profile} className="font-medium text-brand-700 hover:underline" data-testid="session-other-user">
              {otherName}
            </Link>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5 sm:justify-end">
        <RoleBadge role={session.role} />
        <StatusBadge status={session.status} />
        <PointStatusBadge session={session} />
      </div>
    </div>
  );
};

export const SessionWhen = ({ session, muted }: { session: Session; muted: boolean }) => (
  <dl className={clsx('flex flex-wrap gap-x-6 gap-y-2 rounded-xl bg-slate-50 px-4 py-3 text-sm whitespace-nowrap', muted ? 'text-slate-500' : 'text-slate-700')}>
    <div className="flex items-center gap-2">
      <dt className="sr-only">Date</dt>
      <CalendarDays className="h-4 w-4 shrink-0 text-slate-400" />
      <dd className={clsx(muted && 'line-through')} data-testid="session-date">
        {formatDay(session.session_date)}
      </dd>
    </div>
    <div className="flex items-center gap-2">
      <dt className="sr-only">Time</dt>
      <Clock className="h-4 w-4 shrink-0 text-slate-400" />
      <dd className={clsx(muted && 'line-through')} data-testid="session-time">
        {formatClock(session.session_time)} – {formatClock(endClock(session.session_time, session.duration))}
      </dd>
    </div>
    <div className="flex items-center gap-2">
      <dt className="sr-only">Duration</dt>
      <Hourglass className="h-4 w-4 shrink-0 text-slate-400" />
      <dd>{formatDuration(session.duration)}</dd>
    </div>
    <div className="flex items-center gap-2">
      <dt className="sr-only">Cost</dt>
      <Coins className="h-4 w-4 shrink-0 text-slate-400" />
      <dd>{pointsText(session.cost)}</dd>
    </div>
  </dl>
);
