import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ratingFormSchema } from '@contracts/session-forms';
import { REVIEW_MAX, sessionTexts } from '@contracts/sessions';
import { Button } from '@/ui/button';
import { CharCount } from '@/ui/char-count';
import { Field, Textarea } from '@/ui/input';
import { StarInput } from '@/ui/star-rating';

export interface RatingWidgetProps {
  mentorName: string;
  busy: boolean;
  onRate: (rating: number, review: string) => Promise<boolean>;
}

/** Spec 000 §5: 1-5 stars required, review optional up to 500 characters, blocked while submitting. */
export const RatingWidget = ({ mentorName, busy, onRate }: RatingWidgetProps) => {
  const { register, handleSubmit, control } = useForm({ resolver: zodResolver(ratingFormSchema), defaultValues: { rating: 0, review: '' } });
  const [rating, review] = useWatch({ control, name: ['rating', 'review'] });

  const submit = handleSubmit(async (form) => {
    if (busy) return;
    await onRate(form.rating, form.review);
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4"
      data-testid="rating-widget"
      aria-label="Rate this session"
    >
      <div>
        <p className="font-semibold text-slate-900">How was your session with {mentorName}?</p>
        <p className="text-sm text-slate-600">Your rating helps other members find great mentors.</p>
      </div>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => <StarInput value={field.value} onChange={field.onChange} label="Your rating" disabled={busy} />}
      />
      <Field label="Review" htmlFor="rating-review" optional>
        <Textarea id="rating-review" rows={3} maxLength={REVIEW_MAX} disabled={busy} placeholder="What did you learn? What stood out?" {...register('review')} />
      </Field>
      <CharCount length={review.length} max={REVIEW_MAX} />
      <div className="flex justify-end">
        <Button type="submit" disabled={rating < 1} loading={busy} data-testid="submit-rating">
          {rating < 1 ? sessionTexts.selectRating : 'Submit Rating'}
        </Button>
      </div>
    </form>
  );
};
