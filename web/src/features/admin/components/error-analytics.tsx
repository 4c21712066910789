// The Error Analytics tab (spec 002 §2): the most common error types with their occurrence counts, each
// with a bar against the most common, so the ranking reads at a glance.
import { BarChart3 } from 'lucide-react';
import { errorTexts, type ErrorStats } from '@contracts/admin-errors';
import { EmptyState } from '@/ui/empty-state';

const counts = new Intl.NumberFormat('en-US');

export const ErrorAnalytics = ({ types }: { types: ErrorStats['topErrorTypes'] }) => {
  if (types.length === 0) return <EmptyState icon={<BarChart3 />} title={errorTexts.emptyTypes} />;
  const top = Math.max(...types.map((t) => t.count), 1);
  return (
    <ol className="space-y-3 p-5 sm:p-6" aria-label="Most common error types" data-testid="error-types">
      {types.map((t) => (
        <li key={t.errorType} className="space-y-1" data-error-type={t.errorType}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-mono break-all text-slate-900">{t.errorType}</span>
            <span className="shrink-0 text-slate-700 tabular-nums">{counts.format(t.count)}</span>
          </div>
          <div className="h-2 rounded-full bg-slate-100" aria-hidden>
            <div className="h-2 rounded-full bg-brand-500" style={{ width: `${Math.max(2, (t.count / top) * 100)}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
};
