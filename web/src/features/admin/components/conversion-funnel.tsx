// The session conversion funnel (spec 002 §2): overall conversion, members (and new today), profile-ready
// and teaching members with their share of all, and sessions created; the note that says what matters
// now, and the opportunity banners while ready members have booked nothing.
import { GraduationCap, Lightbulb, Sparkles, Target, UserCheck, Users } from 'lucide-react';
import { adminStatsTexts, type AdminStats } from '@contracts/admin-stats';
import { Badge } from '@/ui/badge';
import { Card, CardHeader } from '@/ui/card';
import { Notice } from '@/ui/notice';
import { FigureChangeLine, formatCount, formatPercent, percentOf } from './figure-change';
import { FigureTile } from './figure-tile';

/** The banners shown while members are ready for a session but none has been booked (spec 002 §2). */
export const opportunities = (stats: AdminStats): string[] => {
  const ready = stats.sessionFunnelMetrics.sessionReadyUsers.value;
  if (ready === 0 || stats.totalSessions.value > 0) return [];
  const teaching = stats.sessionFunnelMetrics.usersWithTeachingSkills.value;
  return [
    `${formatCount(ready)} ${ready === 1 ? 'member is' : 'members are'} ready for a first session: invite them to book one.`,
    ...(teaching > 0 ? [`${formatCount(teaching)} ${teaching === 1 ? 'member teaches' : 'members teach'} a skill nobody has booked yet: feature them on the feed.`] : []),
  ];
};

export const ConversionFunnel = ({ stats }: { stats: AdminStats }) => {
  const { sessionFunnelMetrics: funnel, totalUsers } = stats;
  const noSessions = stats.totalSessions.value === 0;
  const banners = opportunities(stats);
  return (
    <Card className="space-y-4 pb-5" data-testid="conversion-funnel">
      <CardHeader title="Session conversion funnel" description="From sign-up to a first booked session." icon={<Target className="h-5 w-5" aria-hidden />} />
      <div className="flex flex-wrap items-end justify-between gap-3 px-5 sm:px-6">
        <div>
          <p className="text-sm text-slate-600">Overall conversion</p>
          <p className="text-3xl font-bold text-brand-700 tabular-nums" data-testid="funnel-conversion">
            {formatPercent(funnel.sessionConversionRate)}
          </p>
          <p className="text-xs text-slate-600">of all members have booked a session</p>
        </div>
        <Badge tone={noSessions ? 'danger' : 'success'} className="px-3 py-1 text-sm">
          <span data-testid="funnel-note">{noSessions ? adminStatsTexts.priority : adminStatsTexts.greatProgress}</span>
        </Badge>
      </div>
      <div className="grid gap-3 px-5 sm:grid-cols-2 sm:px-6 xl:grid-cols-4">
        <FigureTile label="Total users" value={formatCount(totalUsers.value)} icon={<Users aria-hidden />} change={totalUsers} testId="funnel-users">
          <div className="pt-1 text-xs text-slate-600" data-testid="funnel-new-today">
            {formatCount(stats.newUsersToday.value)} new today
            <FigureChangeLine figure={stats.newUsersToday} className="mt-0.5" />
          </div>
        </FigureTile>
        <FigureTile
          label="Profile ready"
          value={formatCount(funnel.sessionReadyUsers.value)}
          hint={`${formatPercent(percentOf(funnel.sessionReadyUsers.value, totalUsers.value))} of users`}
          icon={<UserCheck aria-hidden />}
          change={funnel.sessionReadyUsers}
          testId="funnel-ready"
        />
        <FigureTile
          label="Teaching skills"
          value={formatCount(funnel.usersWithTeachingSkills.value)}
          hint={`${formatPercent(percentOf(funnel.usersWithTeachingSkills.value, totalUsers.value))} of users`}
          icon={<GraduationCap aria-hidden />}
          change={funnel.usersWithTeachingSkills}
          testId="funnel-teaching"
        />
        <FigureTile
          label="Sessions created"
          value={formatCount(stats.totalSessions.value)}
          hint={`${formatPercent(funnel.profileToSessionRate)} of ready members booked`}
          icon={<Sparkles aria-hidden />}
          change={stats.totalSessions}
          testId="funnel-sessions"
        />
      </div>
      {banners.length > 0 && (
        <div className="space-y-2 px-5 sm:px-6" data-testid="funnel-opportunities">
          {banners.map((text) => (
            <Notice key={text} tone="warning" icon={<Lightbulb aria-hidden />} title="Opportunity">
              {text}
            </Notice>
          ))}
        </div>
      )}
    </Card>
  );
};
