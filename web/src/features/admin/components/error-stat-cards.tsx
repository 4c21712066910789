// /admin/errors's four cards (spec 002 §2): total errors with today's count, unresolved, critical, and the
// change against yesterday up to the same time of day, as a count and a % at once, red when errors rose.
import clsx from 'clsx';
import { AlertOctagon, Bug, CircleAlert, TrendingUp } from 'lucide-react';
import { errorTexts, type ErrorStats } from '@contracts/admin-errors';
import { FigureTile } from './figure-tile';

const counts = new Intl.NumberFormat('en-US');
const signed = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' });
const signedPercent = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero', maximumFractionDigits: 1 });
const DASH = '–';

/** '+3 (+50%)', '-2 (-40%)', '+4' with no errors yesterday (no % from nothing), '0 (0%)'. */
export const rateChangeText = (stats: Pick<ErrorStats, 'errorCountChange' | 'errorRateChange'>): string =>
  stats.errorRateChange === null ? signed.format(stats.errorCountChange) : `${signed.format(stats.errorCountChange)} (${signedPercent.format(stats.errorRateChange)}%)`;

/** The count large and the % beside it, smaller, so both fit one line of a quarter-width card. */
const RateChange = ({ stats }: { stats: ErrorStats }) => {
  const [count, percent] = rateChangeText(stats).split(' ');
  return (
    <>
      {count}
      {percent && <span className="ml-1.5 text-base font-semibold">{percent}</span>}
    </>
  );
};

export const ErrorStatCards = ({ stats }: { stats: ErrorStats | undefined }) => {
  const rose = !!stats && stats.errorCountChange > 0;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <FigureTile
        label={errorTexts.cards.total}
        value={stats ? counts.format(stats.totalErrors) : DASH}
        hint={stats && `${counts.format(stats.errorsToday)} today`}
        icon={<Bug />}
        testId="error-card-total"
      />
      <FigureTile
        label={errorTexts.cards.unresolved}
        value={stats ? counts.format(stats.unresolvedErrors) : DASH}
        hint="Open, regressed included"
        icon={<CircleAlert />}
        testId="error-card-unresolved"
      />
      <FigureTile
        label={errorTexts.cards.critical}
        value={stats ? counts.format(stats.criticalErrors) : DASH}
        hint="Of critical severity"
        icon={<AlertOctagon />}
        testId="error-card-critical"
      />
      <FigureTile
        label={errorTexts.cards.rateChange}
        value={<span className={clsx(rose ? 'text-red-700' : 'text-slate-900')}>{stats ? <RateChange stats={stats} /> : DASH}</span>}
        hint={stats && (stats.errorRateChange === null && stats.errorCountChange !== 0 ? 'vs none yesterday by this time' : 'vs yesterday by this time')}
        icon={<TrendingUp />}
        testId="error-card-rate"
      />
    </div>
  );
};
