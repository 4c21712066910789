// The four summary cards (spec 002 §2): users with active today, sessions, system health with the
// average response time, errors unresolved and total. Health is the grade of GET /api/admin/health-metrics
// (with the checks that are not healthy named under it); errors come with the next admin issue: until the
// server has them it answers null, shown as 'no data yet', never a made-up value.
import clsx from 'clsx';
import { AlertTriangle, CalendarCheck, HeartPulse, Users } from 'lucide-react';
import { Link } from 'react-router';
import { healthTexts, type HealthMetrics } from '@contracts/admin-health';
import { adminStatsTexts, type AdminStats } from '@contracts/admin-stats';
import { FigureChangeLine, formatCount } from './figure-change';
import { FigureTile } from './figure-tile';

type Health = NonNullable<AdminStats['systemHealth']>;
/** The spec's colours: healthy green, degraded yellow, critical red, anything else grey. */
export const healthTones: Record<Health | 'unknown', string> = {
  healthy: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  degraded: 'bg-amber-50 text-amber-900 ring-amber-200',
  critical: 'bg-red-50 text-red-800 ring-red-200',
  unknown: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const healthLabels: Record<Health, string> = healthTexts.grades;

export const HealthBadge = ({ grade, className }: { grade: Health | null; className?: string }) => (
  <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset', healthTones[grade ?? 'unknown'], className)}>
    {grade ? healthLabels[grade] : 'Unknown'}
  </span>
);

/** The health card's read: the grade and its checks, and whether reading them failed. */
export interface HealthRead {
  data: HealthMetrics | undefined;
  failed: boolean;
}

const NoData = () => <span className="text-base font-medium text-slate-500">{adminStatsTexts.noData}</span>;

/** Shown while the figures load or when they could not be read: the cards keep their places. */
const DASH = '–';

const averageText = (ms: number | null, fromHealth: boolean) =>
  ms !== null ? `Average response ${formatCount(Math.round(ms))} ms` : `Average response: ${fromHealth ? 'no requests in the last minute' : adminStatsTexts.noData}`;

export const SummaryCards = ({ stats, health }: { stats: AdminStats | undefined; health?: HealthRead }) => {
  const report = health?.data;
  const grade = report?.systemHealth ?? stats?.systemHealth ?? null;
  const troubled = report?.checks.filter((c) => c.status !== 'healthy') ?? [];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="summary-cards">
      <FigureTile
        label="Total users"
        value={stats ? formatCount(stats.totalUsers.value) : DASH}
        icon={<Users aria-hidden />}
        change={stats?.totalUsers}
        testId="card-users"
      >
        {stats && (
          <div className="pt-1 text-xs text-slate-600" data-testid="card-users-active">
            {formatCount(stats.activeUsers.value)} active today
            <FigureChangeLine figure={stats.activeUsers} className="mt-0.5" />
          </div>
        )}
      </FigureTile>
      <FigureTile
        label="Active sessions"
        value={stats ? formatCount(stats.totalSessions.value) : DASH}
        hint="Live user sessions: every session requested"
        icon={<CalendarCheck aria-hidden />}
        change={stats?.totalSessions}
        testId="card-sessions"
      />
      <FigureTile
        label="System health"
        value={
          grade ? (
            <HealthBadge grade={grade} className="text-base" />
          ) : health?.failed ? (
            <HealthBadge grade={null} className="text-base" />
          ) : !stats && !report ? (
            DASH
          ) : (
            <NoData />
          )
        }
        hint={report ? averageText(report.avgResponseTime, true) : health?.failed ? healthTexts.healthFailed : stats && averageText(stats.avgResponseTime, false)}
        icon={<HeartPulse aria-hidden />}
        testId="card-health"
      >
        {troubled.length > 0 && (
          <ul className="space-y-0.5 pt-1 text-xs text-slate-700" data-testid="card-health-checks">
            {troubled.map((c) => (
              <li key={c.name}>
                <span className="font-medium">{healthTexts.labels[c.name]}:</span> {c.detail}
              </li>
            ))}
          </ul>
        )}
        {report && (
          <Link to="?tab=metrics" className="inline-block pt-1 text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            See every check
          </Link>
        )}
      </FigureTile>
      <FigureTile
        label="Errors unresolved"
        value={!stats ? DASH : stats.unresolvedErrors === null ? <NoData /> : formatCount(stats.unresolvedErrors)}
        hint={stats && (stats.totalErrors === null ? `Total logged: ${adminStatsTexts.noData}` : `${formatCount(stats.totalErrors)} logged in total`)}
        icon={<AlertTriangle aria-hidden />}
        testId="card-errors"
      />
    </div>
  );
};
