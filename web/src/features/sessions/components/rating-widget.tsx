import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Session } from '@contracts/sessions';
import { Button } from '@/ui/button';
import { CharCount } from '@/ui/char-count';
import { Field, Textarea } from '@/ui/input';
import { StarInput, Stars } from '@/ui/star-rating';
import { REVIEW_MAX } from '../session-rules';

export interface RatingWidgetProps {
  mentorName: string;
  busy: boolean;
  onRate: (rating: number, review: string) => Promise<boolean>;
}

/** Spec 000 §5: 1-5 stars required, review optional up to 500 characters, blocked while submitting. */
export const RatingWidget = ({ mentorName, busy, onRate }: RatingWidgetProps) => {
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1 || busy) return;
    await onRate(rating, review);
  };

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4" data-testid="rating-widget" aria-label="Rate this session">
      <div>
        <p className="font-semibold text-slate-900">How was your session with {mentorName}?</p>
        <p className="text-sm text-slate-600">Your rating helps other members find great mentors.</p>
      </div>
      <StarInput value={rating} onChange={setRating} label="Your rating" disabled={busy} />
      <Field label="Review" htmlFor="rating-review" optional>
        <Textarea id="rating-review" rows={3} maxLength={REVIEW_MAX} value={review} disabled={busy} placeholder="What did you learn? What stood out?" onChange={(e) => setReview(e.target.value)} />
      </Field>
      <CharCount length={review.length} max={REVIEW_MAX} />
      <div className="flex justify-end">
        <Button type="submit" disabled={rating < 1} loading={busy} data-testid="submit-rating">
          {rating < 1 ? 'Select a rating first' : 'Submit Rating'}
        </Button>
      </div>
    </form>
  );
};

/** The rating once given: the mentee sees their own, the mentor sees what they received. */
export const GivenRating = ({ session }: { session: Session }) => {
  if (session.student_rating === null) return null;
  const mine = session.role === 'student';
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3" data-testid="given-rating">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{mine ? 'Your rating' : `${session.student.name ?? 'The mentee'} rated this session`}</span>
        <Stars value={session.student_rating} />
      </div>
      {session.student_review && <p className="mt-1.5 text-sm whitespace-pre-line text-slate-700 italic">“{session.student_review}”</p>}
    </div>
  );
};
