import clsx from 'clsx';
import { Coins, MessageSquareText, Repeat2, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDashboardStats } from '../api/dashboard-api';

interface StatProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone: string;
  to?: string;
  testId: string;
}

const Stat = ({ label, value, icon, tone, to, testId }: StatProps) => {
  const body = (
    <>
      <span className={clsx('flex h-10 w-10 shrink-0 items-center justify-center rounded-xl [&>svg]:h-5 [&>svg]:w-5', tone)}>{icon}</span>
      <div className="min-w-0">
        <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
          {value}
        </p>
        <p className="text-sm leading-tight text-slate-500">
          {label}
          {/* Part of the link's text, so its name keeps the visible value and label (no aria-label). */}
          {to && <span className="sr-only">, see reviews</span>}
        </p>
      </div>
    </>
  );
  const className = 'flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';
  return to ? (
    <Link to={to} className={clsx(className, 'transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-300')}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
};

export const StatCards = ({ userId }: { userId: string }) => {
  const stats = useDashboardStats(userId);
  const s = stats.data;
  const reviews = `/reviews/${encodeURIComponent(userId)}`;
  const dash = '–';
  return (
    <section aria-label="Your stats" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Total Points" value={s?.totalPoints ?? dash} icon={<Coins />} tone="bg-amber-50 text-amber-600" testId="stat-total-points" />
      <Stat label="Completed Swaps" value={s?.completedSwaps ?? dash} icon={<Repeat2 />} tone="bg-emerald-50 text-emerald-600" testId="stat-completed-swaps" />
      <Stat
        label="Your Rating"
        value={s ? (s.reviews > 0 ? s.rating.toFixed(1) : dash) : dash}
        icon={<Star />}
        tone="bg-brand-50 text-brand-600"
        to={reviews}
        testId="stat-rating"
      />
      <Stat label="Reviews" value={s?.reviews ?? dash} icon={<MessageSquareText />} tone="bg-sky-50 text-sky-600" to={reviews} testId="stat-reviews" />
    </section>
  );
};
