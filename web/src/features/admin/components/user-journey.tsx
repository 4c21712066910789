// The user journey (spec 002 §2): how many members reached each step, the conversion from each step to
// the next, and how many stopped at each step; a stopped count opens the list of those members
// (issue 31 point 3, beyond the spec), each a click away from the inspector.
import clsx from 'clsx';
import { ChevronRight, Route } from 'lucide-react';
import { adminStatsTexts, stoppedSteps, type AdminStats, type FunnelStep, type StoppedStep } from '@contracts/admin-stats';
import { Badge } from '@/ui/badge';
import { Card, CardHeader } from '@/ui/card';
import { FunnelChart } from '@/ui/chart/funnel-chart';
import { FigureChangeLine, formatCount, formatPercent, percentOf } from './figure-change';

type JourneyStep = AdminStats['journey'][number];

const isStoppedStep = (step: FunnelStep): step is StoppedStep => (stoppedSteps as readonly string[]).includes(step);

const rateNames: Partial<Record<FunnelStep, string>> = {
  addedSkills: 'Signup to skills',
  profileReady: 'Skills to profile ready',
  bookedSession: 'Profile to sessions',
};

/** The step conversions: each step's share of the one before; profile to sessions is the server's rate. */
export const stepRates = (stats: AdminStats): { step: FunnelStep; label: string; rate: number }[] =>
  stats.journey.slice(1).map((step, i) => ({
    step: step.step,
    label: rateNames[step.step] ?? adminStatsTexts.stepLabels[step.step],
    rate: step.step === 'bookedSession' ? stats.sessionFunnelMetrics.profileToSessionRate : percentOf(step.reached.value, stats.journey[i]!.reached.value),
  }));

const StepCard = ({ step, onOpenStopped }: { step: JourneyStep; onOpenStopped: (step: StoppedStep) => void }) => {
  const label = adminStatsTexts.stepLabels[step.step];
  const last = step.step === 'bookedSession';
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 p-3" data-journey-step={step.step}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">{label}</p>
        {last && <Badge tone={step.reached.value > 0 ? 'success' : 'warning'}>{step.reached.value > 0 ? adminStatsTexts.active : adminStatsTexts.needsFocus}</Badge>}
      </div>
      <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`journey-${step.step}-reached`}>
        {formatCount(step.reached.value)}
      </p>
      {last && <p className="text-xs text-slate-600">members who booked a session</p>}
      <FigureChangeLine figure={step.reached} />
      {isStoppedStep(step.step) && (
        <button
          type="button"
          onClick={() => onOpenStopped(step.step as StoppedStep)}
          className={clsx(
            'mt-2 inline-flex items-center gap-1 rounded-md text-sm font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600',
            step.stopped > 0 ? 'text-red-700' : 'text-slate-600',
          )}
          aria-label={`${formatCount(step.stopped)} stopped at ${label}: show them`}
          data-testid={`journey-${step.step}-stopped`}
        >
          {formatCount(step.stopped)} stopped here <ChevronRight className="h-4 w-4" aria-hidden />
        </button>
      )}
    </li>
  );
};

export const UserJourney = ({ stats, onOpenStopped }: { stats: AdminStats; onOpenStopped: (step: StoppedStep) => void }) => (
  <Card className="space-y-4 pb-5" data-testid="user-journey">
    <CardHeader title="User journey" description="Members who reached each step, and who stopped there." icon={<Route className="h-5 w-5" aria-hidden />} />
    <ol className="grid gap-3 px-5 sm:grid-cols-2 sm:px-6 xl:grid-cols-4">
      {stats.journey.map((step) => (
        <StepCard key={step.step} step={step} onOpenStopped={onOpenStopped} />
      ))}
    </ol>
    <div className="grid gap-4 px-5 sm:px-6 lg:grid-cols-[1fr_16rem]">
      <FunnelChart
        title="Journey funnel"
        description="Members at each step, as a share of those who signed up."
        stages={stats.journey.map((step) => ({ label: adminStatsTexts.stepLabels[step.step], value: step.reached.value }))}
        height={220}
      />
      <div>
        <h3 className="text-base font-semibold text-slate-900">Step conversion</h3>
        <dl className="mt-2 space-y-2" data-testid="journey-rates">
          {stepRates(stats).map((rate) => (
            <div key={rate.step} className="flex items-baseline justify-between gap-3 border-b border-slate-100 pb-1 text-sm">
              <dt className="text-slate-600">{rate.label}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{formatPercent(rate.rate)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  </Card>
);
