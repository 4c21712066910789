import type { Session } from '@contracts/sessions';
import { Stars } from '@/ui/star-rating';

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
