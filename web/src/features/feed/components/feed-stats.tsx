// The four stat cards (spec 001 §2.3): Total Posts, High, Medium, Low; each filters the list by its
// priority (Total shows them all), and the chosen one reads as pressed.
import clsx from 'clsx';
import { AlertTriangle, ArrowDownCircle, Gauge, Layers } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FeedStats } from '../api/feed-view';
import { useFeedUi } from '../feed-store';

interface StatProps {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  tone: string;
  pressed: boolean;
  onClick: () => void;
  testId: string;
}

const Stat = ({ label, value, icon, tone, pressed, onClick, testId }: StatProps) => (
  <button
    type="button"
    onClick={onClick}
    aria-pressed={pressed}
    data-testid={testId}
    className={clsx(
      'flex items-center gap-3 rounded-2xl border bg-white p-3 text-left shadow-sm transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none sm:p-4',
      pressed ? 'border-brand-400 ring-1 ring-brand-300' : 'border-slate-200',
    )}
  >
    <span className={clsx('flex h-9 w-9 shrink-0 items-center justify-center rounded-xl sm:h-10 sm:w-10 [&>svg]:h-5 [&>svg]:w-5', tone)}>{icon}</span>
    <span className="min-w-0">
      <span className="block text-xl font-bold text-slate-900 tabular-nums sm:text-2xl" data-testid={`${testId}-value`}>
        {value ?? '–'}
      </span>
      <span className="block text-xs leading-tight text-slate-500 sm:text-sm">{label}</span>
    </span>
  </button>
);

export const FeedStatCards = ({ stats }: { stats: FeedStats | undefined }) => {
  const urgency = useFeedUi((s) => s.filter.urgency);
  const setUrgency = useFeedUi((s) => s.setUrgency);
  const pick = (value: string | null) => () => setUrgency(urgency === value ? null : value);
  return (
    <section aria-label="Posts by priority" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Stat
        label="Total Posts"
        value={stats?.total}
        icon={<Layers />}
        tone="bg-brand-50 text-brand-600"
        pressed={urgency === null}
        onClick={() => setUrgency(null)}
        testId="stat-total"
      />
      <Stat
        label="High Priority"
        value={stats?.high}
        icon={<AlertTriangle />}
        tone="bg-red-50 text-red-600"
        pressed={urgency === 'high'}
        onClick={pick('high')}
        testId="stat-high"
      />
      <Stat
        label="Medium Priority"
        value={stats?.medium}
        icon={<Gauge />}
        tone="bg-amber-50 text-amber-700"
        pressed={urgency === 'medium'}
        onClick={pick('medium')}
        testId="stat-medium"
      />
      <Stat
        label="Low Priority"
        value={stats?.low}
        icon={<ArrowDownCircle />}
        tone="bg-emerald-50 text-emerald-600"
        pressed={urgency === 'low'}
        onClick={pick('low')}
        testId="stat-low"
      />
    </section>
  );
};
