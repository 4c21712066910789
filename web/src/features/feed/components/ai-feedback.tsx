// Under an AI comment (spec 001 §2.6, §8): helpful or unhelpful once; the controls then lock. A second
// vote (409) says 'Already submitted' and locks too; after a reload the stats' my_vote locks them.
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { isStatus } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { useAiFeedbackStats, useGiveAiFeedback } from '../api/ai-api';
import { feedTexts } from '../feed-constants';

export const AiFeedback = ({ commentId }: { commentId: string }) => {
  const stats = useAiFeedbackStats(commentId, true);
  const give = useGiveAiFeedback(commentId);
  const [voted, setVoted] = useState<'helpful' | 'unhelpful' | null>(null);
  const mine = voted ?? stats.data?.my_vote ?? null;
  const locked = !!mine || give.isPending;

  const vote = (feedbackType: 'helpful' | 'unhelpful') =>
    give.mutate(feedbackType, {
      onSuccess: () => {
        setVoted(feedbackType);
        toast.success(feedTexts.aiFeedbackThanks);
      },
      onError: (error) => {
        if (isStatus(error, 409)) {
          setVoted(feedbackType);
          toast.info(feedTexts.aiFeedbackAlreadySubmitted);
        } else toast.error(feedTexts.aiFeedbackError);
      },
    });

  const button = (type: 'helpful' | 'unhelpful', Icon: typeof ThumbsUp, count: number | undefined) => (
    <button
      type="button"
      disabled={locked}
      aria-pressed={mine === type}
      onClick={() => vote(type)}
      data-testid={`ai-${type}`}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 disabled:cursor-default disabled:hover:bg-transparent aria-pressed:text-brand-700"
    >
      <Icon className="h-3.5 w-3.5" />
      {type === 'helpful' ? 'Helpful' : 'Not helpful'}
      {count !== undefined && <span className="tabular-nums">({count})</span>}
    </button>
  );

  return (
    <div className="flex items-center gap-1" role="group" aria-label="Rate this answer">
      {button('helpful', ThumbsUp, stats.data?.helpful)}
      {button('unhelpful', ThumbsDown, stats.data?.unhelpful)}
    </div>
  );
};
