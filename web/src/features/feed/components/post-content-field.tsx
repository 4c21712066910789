import type { RefCallBack } from 'react-hook-form';
import { POST_CONTENT_MAX } from '../feed-constants';
import { MentionTextarea } from './mention-textarea';

interface PostContentFieldProps {
  id: string;
  label: string;
  /** The form's `content` field, from useController. */
  field: { ref: RefCallBack; name: string; value: string; onChange: (value: string) => void; onBlur: () => void };
  invalid: boolean;
  placeholder?: string;
  testId: string;
}

/** A post's text with @ and # suggestions and its 'n/1000 characters' counter (composer and edit dialog). */
export const PostContentField = ({ id, label, field, invalid, placeholder, testId }: PostContentFieldProps) => {
  const { value } = field;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <MentionTextarea
        id={id}
        ref={field.ref}
        name={field.name}
        value={value}
        onValueChange={field.onChange}
        onBlur={field.onBlur}
        rows={5}
        maxLength={POST_CONTENT_MAX}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-count`}
        data-testid={testId}
      />
      <p id={`${id}-count`} className="text-right text-xs text-slate-500 tabular-nums" aria-live="polite">
        {value.length}/{POST_CONTENT_MAX} characters
      </p>
    </div>
  );
};
