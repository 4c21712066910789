import clsx from 'clsx';
import { Heart, MapPin, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SkillTaught, User } from '@contracts/members';
import { errorText } from '@/lib/http';
import { createSingleFlight } from '@/lib/single-flight';
import { toast } from '@/lib/toast-store';
import { Avatar } from '@/ui/avatar';
import { Card } from '@/ui/card';
import { useSkillLike, useToggleSkillLike } from '../api/booking-api';

const LikeButton = ({ viewerId, skillId }: { viewerId: string; skillId: string }) => {
  const status = useSkillLike(viewerId, skillId);
  const toggle = useToggleSkillLike(viewerId, skillId);
  const liked = status.data?.liked ?? false;
  const [flight] = useState(createSingleFlight);
  // Document 000 §5: a click while a like is in flight is ignored.
  const like = () => void flight(() => toggle.mutateAsync())?.catch((error: unknown) => toast.error(errorText(error, 'Could not update your like. Please try again.')));
  return (
    <button
      type="button"
      onClick={like}
      aria-pressed={liked}
      aria-label={liked ? 'Unlike this skill' : 'Like this skill'}
      className={clsx(
        'inline-flex items-center gap-1.5 self-start rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition-colors ring-inset sm:self-auto',
        liked ? 'bg-rose-50 text-rose-700 ring-rose-200' : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50',
      )}
      data-testid="skill-like"
    >
      <Heart className={clsx('h-4 w-4', liked && 'fill-rose-500 text-rose-500')} />
      <span className="tabular-nums">{status.data?.likesCount ?? 0}</span>
    </button>
  );
};

export const BookingHeader = ({ mentor, skill, viewerId }: { mentor: User; skill: SkillTaught; viewerId: string }) => (
  <Card className="overflow-hidden">
    <div className="h-20 bg-gradient-to-r from-brand-600 via-brand-500 to-violet-500" />
    <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:px-6">
      {/* Named by its text, not an aria-label, so the initials a speech user sees are part of its name. */}
      <Link to={`/profile/${encodeURIComponent(mentor.id)}`} className="-mt-10 shrink-0 self-start rounded-full">
        <Avatar name={mentor.name} src={mentor.profileImageUrl ?? mentor.avatar} size="xl" className="ring-4 ring-white" alt="" />
        <span className="sr-only">{mentor.name}'s profile</span>
      </Link>
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900" data-testid="booking-skill-name">
          {skill.name}
        </h1>
        <p className="mt-0.5 text-slate-600">
          with{' '}
          <Link to={`/profile/${encodeURIComponent(mentor.id)}`} className="font-semibold text-brand-700 hover:underline">
            {mentor.name}
          </Link>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
          <Link to={`/reviews/${encodeURIComponent(mentor.id)}`} className="inline-flex items-center gap-1 hover:text-slate-800" data-testid="booking-rating-link">
            <Star className="h-4 w-4 fill-amber-400 text-amber-400" />
            {mentor.reviewCount > 0 ? `${mentor.rating.toFixed(1)} (${mentor.reviewCount} review${mentor.reviewCount === 1 ? '' : 's'})` : 'No reviews yet'}
          </Link>
          {mentor.location && (
            <span className="inline-flex items-center gap-1">
              <MapPin className="h-4 w-4" /> {mentor.location}
            </span>
          )}
        </div>
      </div>
      <LikeButton viewerId={viewerId} skillId={skill.id} />
    </div>
  </Card>
);
