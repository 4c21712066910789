// One review (spec 001 §2.11): its stars, text, the skill, when the session was scheduled (in the
// viewer's zone), the level and the duration, and who wrote it.
import { BarChart3, CalendarDays, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Review } from '@contracts/reviews';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/dates';
import { Avatar } from '@/ui/avatar';
import { Card } from '@/ui/card';
import { Stars } from '@/ui/star-rating';
import { durationText, levelText } from '../review-rules';

const scheduledText = (iso: string, timeZone: string | undefined) => formatDateTime(iso, timeZone);

const Fact = ({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) => (
  <div className="flex items-center gap-1.5">
    <span className="text-slate-500 [&>svg]:h-4 [&>svg]:w-4" aria-hidden>
      {icon}
    </span>
    <dt className="sr-only">{label}</dt>
    <dd>{children}</dd>
  </div>
);

export const ReviewCard = ({ review, timeZone }: { review: Review; timeZone: string | undefined }) => {
  const name = review.student_name ?? 'Former member';
  return (
    <Card className="p-5" data-testid="review-card" data-rating={review.rating}>
      <article aria-label={`${review.rating}-star review of ${review.skill_name}`}>
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <Avatar name={name} src={review.student_avatar} alt="" />
            <div className="min-w-0">
              {review.student_name ? (
                <Link to={`/profile/${encodeURIComponent(review.student_id)}`} className="truncate font-medium text-slate-900 hover:text-brand-700">
                  {name}
                </Link>
              ) : (
                <p className="truncate font-medium text-slate-900">{name}</p>
              )}
              <p className="truncate text-sm text-slate-600" data-testid="review-skill">
                {review.skill_name}
              </p>
            </div>
          </div>
          <Stars value={review.rating} />
        </div>
        <p className="mt-3 whitespace-pre-line text-slate-700" data-testid="review-text">
          {review.review || <span className="text-slate-500 italic">No written review.</span>}
        </p>
        <dl className="mt-4 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-slate-600">
          <Fact icon={<CalendarDays />} label="Scheduled">
            <time dateTime={review.scheduled_at}>{scheduledText(review.scheduled_at, timeZone)}</time>
          </Fact>
          <Fact icon={<BarChart3 />} label="Level">
            {levelText(review.experience_level)}
          </Fact>
          <Fact icon={<Clock />} label="Duration">
            {durationText(review.duration_hours)}
          </Fact>
        </dl>
      </article>
    </Card>
  );
};
