import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ratingFormSchema } from '@contracts/session-forms';
import { REVIEW_MAX, sessionTexts } from '@contracts/sessions';
import { Button } from '@/ui/button';
import { Field, Form } from '@/ui/form';
import { Textarea } from '@/ui/input';
import { StarInput } from '@/ui/star-rating';

export interface RatingWidgetProps {
  mentorName: string;
  busy: boolean;
  onRate: (rating: number, review: string) => Promise<boolean>;
}

/** Spec 000 §5: 1-5 stars required, review optional up to 500 characters, blocked while submitting. */
export const RatingWidget = ({ mentorName, busy, onRate }: RatingWidgetProps) => {
  const form = useForm({ resolver: zodResolver(ratingFormSchema), defaultValues: { rating: 0, review: '' } });
  const { control } = form;
  const rating = useWatch({ control, name: 'rating' });

  const submit = async (values: { rating: number; review: string }) => {
    if (busy) return;
    await onRate(values.rating, values.review);
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      noValidate={false}
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
      <Field name="review" label="Review" id="rating-review" optional max={REVIEW_MAX}>
        {(field) => <Textarea {...field} rows={3} disabled={busy} placeholder="What did you learn? What stood out?" />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={rating < 1} loading={busy} data-testid="submit-rating">
          {rating < 1 ? sessionTexts.selectRating : 'Submit Rating'}
        </Button>
      </div>
    </Form>
  );
};
