// A comment box, per post and per reply (spec 001 §2.6): empty text is ignored, and the contract's
// schema (react-hook-form + zod) says what is wrong with the rest.
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { commentFormSchema } from '@contracts/feed';
import { errorText } from '@/lib/http';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { Form } from '@/ui/form';
import { useAddComment } from '../api/comments-api';
import { MentionTextarea } from './mention-textarea';

const failureText = (error: unknown) => errorText(error, 'Could not post your comment. Please try again.');

export interface CommentBoxProps {
  postId: string;
  parentCommentId?: string | null;
  viewerName: string;
  viewerAvatar?: string | null;
  label: string;
  autoFocus?: boolean;
  onDone?: () => void;
}

export const CommentBox = ({ postId, parentCommentId = null, viewerName, viewerAvatar, label, autoFocus, onDone }: CommentBoxProps) => {
  const id = useId();
  const add = useAddComment(postId);
  const form = useForm({ resolver: zodResolver(commentFormSchema), defaultValues: { content: '' } });
  const { control, reset, formState } = form;
  const { field } = useController({ control, name: 'content' });
  const problem = formState.errors.content?.message ?? formState.errors.root?.message;

  const submit = async ({ content }: { content: string }) => {
    await add.mutateAsync({ content, parentCommentId });
    reset();
    onDone?.();
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      failureText={failureText}
      // Spec 001 §5: an empty comment is ignored, not refused.
      ignore={(values) => !values.content.trim()}
      messageSlot="none"
      noValidate={false}
      className="flex items-start gap-2"
      data-testid={parentCommentId ? 'reply-box' : 'comment-box'}
    >
      <Avatar name={viewerName} src={viewerAvatar} size="sm" alt="" className="mt-1 hidden sm:inline-flex" />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <MentionTextarea
          id={id}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          placeholder={label}
          rows={1}
          autoFocus={autoFocus}
          aria-invalid={!!problem || undefined}
          className="min-h-10! resize-y"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          data-testid="comment-input"
        />
        {problem && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {problem}
          </p>
        )}
      </div>
      <Button type="submit" size="icon" variant="secondary" aria-label={label} loading={add.isPending} disabled={!field.value.trim()} data-testid="send-comment">
        {!add.isPending && <Send className="h-4 w-4" />}
      </Button>
    </Form>
  );
};
