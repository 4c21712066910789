// /reviews/{userId} (spec 001 §2.11): '{name}'s Reviews' with a back button, the rating overview whose
// star bars filter the list, the four sorts, and the review cards; 'Loading reviews...', 'No reviews
// yet', 'No reviews match this filter' and 'User not found' (also for an address that names nobody).
import { ArrowLeft, RefreshCw, Star, UserX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { REVIEW_SORTS, reviewTexts, type ReviewSort } from '@contracts/review-texts';
import { useCurrentUser } from '@/lib/current-user';
import { isStatus } from '@/lib/http';
import { useMemberProfile } from '@/lib/member-profile';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Avatar } from '@/ui/avatar';
import { Button, buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { Chip } from '@/ui/chip';
import { EmptyState } from '@/ui/empty-state';
import { Select } from '@/ui/input';
import { FullPageSpinner } from '@/ui/spinner';
import { useReviews } from '../api/reviews-api';
import { overviewOf, shownCountText, visibleReviews } from '../review-rules';
import { useReviewsUi } from '../reviews-store';
import { RatingOverview } from '../components/rating-overview';
import { ReviewCard } from '../components/review-card';

const BackButton = ({ userId }: { userId: string }) => {
  const navigate = useNavigate();
  // Back where the member came from; a page opened directly goes to the member's profile.
  const back = () => (window.history.length > 1 && window.history.state?.idx > 0 ? void navigate(-1) : void navigate(`/profile/${encodeURIComponent(userId)}`));
  return (
    <Button variant="ghost" size="sm" onClick={back} data-testid="reviews-back">
      <ArrowLeft className="h-4 w-4" /> Back
    </Button>
  );
};

export const ReviewsPage = () => {
  const userId = useParams().userId ?? '';
  const { data: me } = useCurrentUser();
  const member = useMemberProfile(userId);
  const reviews = useReviews(userId);
  const { star, sort, show, clickStar, clearStar, setSort } = useReviewsUi();
  useEffect(() => show(userId), [show, userId]);
  useDocumentTitle(member.data ? reviewTexts.title(member.data.name) : 'Reviews');

  if (member.isPending || reviews.isPending) return <FullPageSpinner label={reviewTexts.loading} />;
  if (member.isError || reviews.isError) {
    const missing = isStatus(member.error, 404) || isStatus(reviews.error, 404);
    return (
      <div className="mx-auto max-w-4xl space-y-4">
        <BackButton userId={userId} />
        <Card>
          {missing ? (
            <EmptyState
              icon={<UserX />}
              title={reviewTexts.userNotFound}
              action={
                <Link to="/feed" className={buttonClasses('outline')}>
                  Back to the feed
                </Link>
              }
            >
              This member does not exist or has left SkillSwap.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<RefreshCw />}
              title={reviewTexts.loadFailed}
              action={
                <Button variant="outline" onClick={() => void Promise.all([member.refetch(), reviews.refetch()])}>
                  Try again
                </Button>
              }
            >
              Something went wrong on our side. Please try again.
            </EmptyState>
          )}
        </Card>
      </div>
    );
  }

  const user = member.data;
  const all = reviews.data;
  const overview = overviewOf(all);
  // The store may still hold another member's choices for one render, until the effect resets them.
  const current = useReviewsUi.getState().userId === userId;
  const shownStar = current ? star : null;
  const shown = visibleReviews(all, shownStar, current ? sort : 'newest');

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header className="space-y-3">
        <div className="flex items-center justify-between gap-3">
          <BackButton userId={userId} />
          <Link to={`/profile/${encodeURIComponent(user.id)}`} className="text-sm font-medium text-brand-700 hover:text-brand-800">
            View profile
          </Link>
        </div>
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={user.name} src={user.avatar} alt="" />
          <h1 className="min-w-0 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl" data-testid="reviews-title">
            {reviewTexts.title(user.name)}
          </h1>
        </div>
      </header>

      {all.length === 0 ? (
        <Card>
          <EmptyState icon={<Star />} title={reviewTexts.noReviews}>
            {me?.id === user.id
              ? 'Reviews appear here once your mentees rate the sessions you taught.'
              : `Reviews appear here once ${user.name}'s mentees rate their sessions.`}
          </EmptyState>
        </Card>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div className="lg:sticky lg:top-20 lg:self-start">
            <RatingOverview overview={overview} star={shownStar} onStar={clickStar} />
          </div>
          <section aria-labelledby="review-list-title" className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="review-list-title" className="font-semibold text-slate-900" aria-live="polite" data-testid="shown-count">
                  {shownCountText(shown.length, all.length)}
                </h2>
                {shownStar !== null && (
                  <Chip tone="amber" onRemove={clearStar} removeLabel="Clear the star filter" data-testid="star-filter-chip">
                    {shownStar} star{shownStar === 1 ? '' : 's'}
                  </Chip>
                )}
              </div>
              <div className="w-full sm:w-48">
                <Select aria-label="Sort reviews" value={current ? sort : 'newest'} onChange={(e) => setSort(e.target.value as ReviewSort)} data-testid="sort-reviews">
                  {REVIEW_SORTS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
            {shown.length === 0 ? (
              <Card>
                <EmptyState
                  icon={<Star />}
                  title={reviewTexts.noMatch}
                  action={
                    <Button variant="outline" onClick={clearStar}>
                      Show all reviews
                    </Button>
                  }
                />
              </Card>
            ) : (
              <ul className="space-y-4" data-testid="review-list">
                {shown.map((review) => (
                  <li key={review.id}>
                    <ReviewCard review={review} timeZone={me?.timeZone} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
};
