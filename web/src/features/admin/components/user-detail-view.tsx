// The inspector's detail of one member (spec 002 §2 User Inspector, §3 User detail): every field, the
// profile completion bar, the session figures and the recent activity timeline.
import { Activity, CalendarDays, Mail, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminUsersTexts, type UserDetail } from '@contracts/admin-users';
import { relativeAge } from '@/lib/dates';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { Card } from '@/ui/card';
import { movementsLink } from '../api/ledger-audit-api';
import { BalanceCorrection } from './balance-correction';
import { spokenEventType } from './spoken-event-type';

const Figure = ({ label, value, hint, action }: { label: string; value: ReactNode; hint?: string; action?: ReactNode }) => (
  <div className="rounded-lg border border-slate-200 p-3">
    <p className="text-xs font-medium text-slate-600">{label}</p>
    <p className="text-xl font-bold text-slate-900">{value}</p>
    {hint && <p className="text-xs text-slate-600">{hint}</p>}
    {action}
  </div>
);

const Chips = ({ title, items, empty }: { title: string; items: string[]; empty: string }) => (
  <section>
    <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
    {items.length === 0 ? (
      <p className="text-sm text-slate-600">{empty}</p>
    ) : (
      <ul className="flex flex-wrap gap-1.5">
        {items.map((item) => (
          <li key={item}>
            <Badge>{item}</Badge>
          </li>
        ))}
      </ul>
    )}
  </section>
);

export const UserDetailView = ({ detail, now }: { detail: UserDetail; now: number }) => {
  const { user, engagementMetrics, activityStats, sessionStats, recentActivities } = detail;
  const name = user.name || adminUsersTexts.unnamed;
  return (
    <Card className="space-y-5 p-5" data-testid="user-detail">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={name} src={user.avatar} size="lg" alt="" />
        <div className="min-w-0">
          <h2 className="text-xl font-bold text-slate-900">{name}</h2>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <Mail className="h-4 w-4" aria-hidden /> {user.email}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="h-4 w-4" aria-hidden /> Joined {engagementMetrics.joinedDaysAgo} {engagementMetrics.joinedDaysAgo === 1 ? 'day' : 'days'} ago
            </span>
            <span className="inline-flex items-center gap-1">
              <Star className="h-4 w-4" aria-hidden /> {user.rating === null ? adminUsersTexts.noRating : `${user.rating.toFixed(1)}/5`} ({user.reviewCount}{' '}
              {user.reviewCount === 1 ? 'review' : 'reviews'})
            </span>
          </p>
        </div>
      </div>

      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span className="font-medium text-slate-900">Profile completion</span>
          <span className="text-slate-600">{user.profileCompletion}%</span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Profile completion"
          aria-valuenow={user.profileCompletion}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${user.profileCompletion}%` }} />
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          label="Points"
          value={user.points}
          action={
            // The member's movements with the running balance the ledger folds (issue 33 point 3).
            <Link to={movementsLink(user.id)} className="text-xs font-medium text-brand-700 underline" data-testid="ledger-audit-link">
              Ledger audit
            </Link>
          }
        />
        <Figure label="Activities" value={activityStats.totalActivities} hint={`${activityStats.last24Hours} in the last 24 h`} />
        <Figure label="Sessions" value={sessionStats.totalSessions} hint={`${sessionStats.completedSessions} completed`} />
        <Figure label="Session conversion" value={`${engagementMetrics.sessionConversionRate}%`} hint="Completed of requested" />
      </div>

      <BalanceCorrection memberId={user.id} memberName={name} />

      <div className="grid gap-4 md:grid-cols-2">
        <Chips title="Teaching skills" items={user.skills} empty="No teaching skills yet" />
        <Chips title="Learning goals" items={user.learningGoals} empty="No learning goals yet" />
      </div>

      <section>
        <h3 className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <Activity className="h-4 w-4" aria-hidden /> Recent activity
        </h3>
        {recentActivities.length === 0 ? (
          <p className="text-sm text-slate-600">No recent activities</p>
        ) : (
          <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="user-timeline">
            {recentActivities.map((activity) => (
              <li key={activity.id} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 px-3 py-2 text-sm sm:grid-cols-[2fr_1fr_auto]">
                <span className="font-medium text-slate-900" title={activity.activity_type}>
                  {spokenEventType(activity.activity_type)}
                </span>
                <span className="text-slate-600">{activity.page_path ?? adminUsersTexts.noPath}</span>
                <time dateTime={activity.created_at} className="col-start-2 row-start-1 text-xs text-slate-600 sm:col-start-3">
                  {relativeAge(activity.created_at, now)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
};
