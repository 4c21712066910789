// The overview (spec 001 §2.11, §9): the average in its colour, the count, and a bar per star that
// filters the list to that star and, clicked again, shows every review again.
import clsx from 'clsx';
import { Star } from 'lucide-react';
import { ratingTone, REVIEW_STARS, type RatingTone } from '@contracts/review-texts';
import { Card } from '@/ui/card';
import { Stars } from '@/ui/star-rating';
import type { ReviewOverview } from '../review-rules';

const toneText: Record<RatingTone, string> = { green: 'text-emerald-600', blue: 'text-sky-600', yellow: 'text-amber-600', red: 'text-red-600' };

const reviewsText = (n: number) => `${n} review${n === 1 ? '' : 's'}`;

export const RatingOverview = ({ overview, star, onStar }: { overview: ReviewOverview; star: number | null; onStar: (star: number) => void }) => {
  const tone = ratingTone(overview.average);
  return (
    <Card className="p-5 sm:p-6" data-testid="rating-overview">
      <h2 className="sr-only">Rating overview</h2>
      <div className="flex items-center gap-4">
        <p className={clsx('text-5xl font-bold tabular-nums', toneText[tone])} data-testid="average-rating" data-tone={tone}>
          {overview.count > 0 ? overview.average.toFixed(1) : '–'}
        </p>
        <div>
          <Stars value={overview.average} size="md" />
          <p className="mt-1 text-sm text-slate-600" data-testid="review-count">
            {reviewsText(overview.count)}
          </p>
        </div>
      </div>
      <ul className="mt-5 space-y-1" aria-label="Filter by rating">
        {REVIEW_STARS.map((n) => {
          const count = overview.byStar[n];
          const share = overview.count === 0 ? 0 : (count / overview.count) * 100;
          const active = star === n;
          return (
            <li key={n}>
              <button
                type="button"
                onClick={() => onStar(n)}
                aria-pressed={active}
                aria-label={`${n} star${n === 1 ? '' : 's'}: ${reviewsText(count)}`}
                data-testid={`star-filter-${n}`}
                className={clsx(
                  'grid w-full grid-cols-[2.5rem_minmax(0,1fr)_2rem] items-center gap-3 rounded-lg px-2 py-1.5 text-sm transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                  active ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
                )}
              >
                <span className="inline-flex items-center gap-1 font-medium text-slate-700">
                  {n} <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
                </span>
                <span className="h-2.5 overflow-hidden rounded-full bg-slate-100">
                  <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
                </span>
                <span className="text-right text-slate-600 tabular-nums">{count}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
};
