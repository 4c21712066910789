// One result (spec 001 §2.2): the skill, its instructor with their rating, the level and points per hour,
// the like button, 'Request Session' (the booking page) or 'View My Profile' on one's own skill, and a
// Message button (§2.1: not on one's own) that opens the chat through `?chat={memberId}`, which the app
// shell handles on every page.
import clsx from 'clsx';
import { Coins, Heart, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { SkillCard as SkillCardView } from '@contracts/skill-search';
import { skillSearchTexts } from '@contracts/skill-search-texts';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { buttonClasses } from '@/ui/button';
import { Stars } from '@/ui/star-rating';

const levelName = (level: string) => `${level[0]?.toUpperCase() ?? ''}${level.slice(1)}`;

export interface SkillCardProps {
  skill: SkillCardView;
  viewerId: string;
  onLike: (skillId: string) => void;
  liking: boolean;
}

export const SkillCard = ({ skill, viewerId, onLike, liking }: SkillCardProps) => {
  const { instructor } = skill;
  const own = instructor.id === viewerId;
  const titleId = `skill-${skill.id}`;
  return (
    <article aria-labelledby={titleId} className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="skill-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900">
            {skill.name}
          </h2>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge tone="brand">{skill.category}</Badge>
            <Badge tone="info">{levelName(skill.experienceLevel)}</Badge>
          </div>
        </div>
        <button
          type="button"
          onClick={() => onLike(skill.id)}
          disabled={liking}
          aria-pressed={skill.liked}
          aria-label={`${skill.liked ? 'Unlike' : 'Like'} ${skill.name} (${skill.likesCount} ${skill.likesCount === 1 ? 'like' : 'likes'})`}
          className={clsx(
            'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-sm font-medium transition-colors disabled:opacity-60',
            skill.liked ? 'bg-rose-50 text-rose-700' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          <Heart className={clsx('h-4 w-4', skill.liked && 'fill-rose-500 text-rose-500')} aria-hidden />
          <span className="tabular-nums">{skill.likesCount}</span>
        </button>
      </div>

      <p className="mt-3 line-clamp-3 text-sm text-slate-600 [overflow-wrap:anywhere]">{skill.description}</p>

      <div className="mt-4 flex items-center gap-3">
        <Avatar name={instructor.name} src={instructor.profileImageUrl} size="sm" alt="" />
        <div className="min-w-0 text-sm">
          <Link to={own ? '/profile' : `/profile/${instructor.id}`} className="block truncate font-medium text-slate-900 hover:underline">
            <span className="sr-only">Instructor: </span>
            {instructor.name}
          </Link>
          <span className="flex items-center gap-1.5 text-slate-600">
            <Stars value={instructor.rating} />
            {instructor.reviewCount > 0 ? (
              <span>
                {instructor.rating.toFixed(1)} ({instructor.reviewCount})
              </span>
            ) : (
              <span>No reviews yet</span>
            )}
          </span>
        </div>
      </div>

      <div className="mt-auto pt-4">
        <p className="inline-flex items-center gap-1 text-sm font-semibold text-amber-700" data-testid="skill-points">
          <Coins className="h-4 w-4" aria-hidden />
          {skill.pointsPerHour} {skill.pointsPerHour === 1 ? 'point' : 'points'}/hour
        </p>
        <div className="mt-3 flex gap-2">
          {own ? (
            <Link to="/profile" className={buttonClasses('outline', 'sm', 'flex-1')}>
              {skillSearchTexts.viewMyProfile}
            </Link>
          ) : (
            <>
              <Link
                to={{ search: `?chat=${encodeURIComponent(instructor.id)}` }}
                className={buttonClasses('outline', 'sm', 'flex-1')}
                aria-label={`Message ${instructor.name}`}
              >
                <MessageCircle className="h-4 w-4" aria-hidden />
                {skillSearchTexts.message}
              </Link>
              <Link to={`/book/${encodeURIComponent(instructor.id)}/${encodeURIComponent(skill.id)}`} className={buttonClasses('primary', 'sm', 'flex-1')}>
                {skillSearchTexts.requestSession}
              </Link>
            </>
          )}
        </div>
      </div>
    </article>
  );
};

/** The loading state: cards of the same shape, pulsing. */
export const SkillCardSkeletons = ({ count = 6 }: { count?: number }) => (
  <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading skills" data-testid="skill-skeleton">
    {Array.from({ length: count }, (_, i) => (
      <div key={i} className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="mt-2 flex gap-2">
          <div className="h-4 w-16 rounded-full bg-slate-100" />
          <div className="h-4 w-20 rounded-full bg-slate-100" />
        </div>
        <div className="mt-4 space-y-2">
          <div className="h-3 rounded bg-slate-100" />
          <div className="h-3 w-5/6 rounded bg-slate-100" />
        </div>
        <div className="mt-4 flex items-center gap-3">
          <div className="h-8 w-8 rounded-full bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
        </div>
        <div className="mt-5 h-8 rounded-lg bg-slate-100" />
      </div>
    ))}
  </div>
);
