import clsx from 'clsx';
import { Activity } from 'lucide-react';
import type { AvailabilityEntry } from '@contracts/members';
import { activityLevel, weeklyHours } from '../profile-rules';

const tone = { 'very active': 'text-emerald-700 bg-emerald-50', moderate: 'text-sky-700 bg-sky-50', light: 'text-slate-600 bg-slate-100' } as const;

export const ScheduleSummary = ({ availability }: { availability: readonly AvailabilityEntry[] }) => {
  const level = activityLevel(availability);
  return (
    <div className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-3" data-testid="schedule-summary">
      <Activity className="h-5 w-5 shrink-0 text-brand-600" />
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900 tabular-nums">{weeklyHours(availability)} hours</span> a week across {availability.length} time slot
        {availability.length === 1 ? '' : 's'}
      </p>
      <span className={clsx('ml-auto rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', tone[level])}>{level}</span>
    </div>
  );
};
