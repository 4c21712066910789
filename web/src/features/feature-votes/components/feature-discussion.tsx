// A feature's discussion (spec 002 §2, §5): the comments, and an input sent with Enter or the send
// button; the text is trimmed, an empty one is not sent, the button waits while a comment posts, and the
// input is cleared once the comment is in. Signed out, the member is told to log in.
import { zodResolver } from '@hookform/resolvers/zod';
import { SendHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { addCommentBodySchema, comingSoonTexts, FEATURE_COMMENT_MAX } from '@contracts/feature-votes';
import { errorText, isStatus } from '@/lib/http';
import { relativeAge } from '@/lib/dates';
import { toast } from '@/lib/toast-store';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { Form } from '@/ui/form';
import { Spinner } from '@/ui/spinner';
import { useAddComment, useFeatureComments } from '../api/feature-votes-api';

const commentSchema = z.object({ content: addCommentBodySchema.shape.content });
type CommentForm = z.input<typeof commentSchema>;

export const FeatureDiscussion = ({ featureId, title }: { featureId: string; title: string }) => {
  const comments = useFeatureComments(featureId, true);
  const add = useAddComment(featureId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CommentForm>({ resolver: zodResolver(commentSchema), defaultValues: { content: '' } });
  const content = useWatch({ control: form.control, name: 'content' });
  const submit = async ({ content }: CommentForm) => {
    setFailure(null);
    try {
      await add.mutateAsync(content);
      form.reset({ content: '' });
    } catch (error) {
      if (isStatus(error, 401)) toast.error(comingSoonTexts.logInToComment);
      else setFailure(errorText(error, 'Could not post your comment'));
    }
  };
  const errorId = `comment-error-${featureId}`;
  return (
    <section className="border-t border-slate-100 px-5 py-4 sm:px-6" aria-label={`Discussion of ${title}`} data-testid={`discussion-${featureId}`}>
      {comments.isPending ? (
        <Spinner size="sm" label="Loading comments" />
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {comingSoonTexts.commentsFailed}
        </p>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-slate-500">No comments yet. Start the discussion.</p>
      ) : (
        <ul className="max-h-72 space-y-3 overflow-y-auto" data-testid="feature-comments">
          {comments.data.map((comment) => (
            <li key={comment.id} className="flex gap-3">
              <Avatar name={comment.user.name} src={comment.user.avatar} size="sm" alt="" />
              <div className="min-w-0">
                <p className="text-sm">
                  <span className="font-medium text-slate-900">{comment.user.name}</span>{' '}
                  <span className="text-xs text-slate-500">{relativeAge(comment.created_at)}</span>
                </p>
                <p className="text-sm break-words whitespace-pre-line text-slate-700">{comment.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form form={form} onSubmit={submit} ignore={(v) => !v.content.trim()} messageSlot="none" className="mt-4">
        {failure && (
          <p id={errorId} role="alert" className="pb-1 text-xs text-red-700">
            {failure}
          </p>
        )}
        <div className="flex items-end gap-2">
          <input
            {...form.register('content')}
            maxLength={FEATURE_COMMENT_MAX}
            aria-label={`Comment on ${title}`}
            aria-describedby={failure ? errorId : undefined}
            placeholder="Share your thoughts..."
            data-testid="comment-input"
            className="h-10 min-w-0 flex-1 rounded-xl border border-slate-300 px-3 text-sm focus:border-brand-400 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
          <Button type="submit" size="icon" aria-label="Send comment" disabled={!content.trim() || add.isPending}>
            <SendHorizontal className="h-4 w-4" />
          </Button>
        </div>
      </Form>
    </section>
  );
};
