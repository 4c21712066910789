// Edit Post (spec 001 §2.5, author only): content, an optional 'Specific Skill Needed', priority;
// 'Save Changes' says 'Complete {missing} to save' while content or priority is missing.
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, useWatch } from 'react-hook-form';
import { editPostFormSchema } from '@contracts/feed';
import type { EditPostForm } from '@contracts/feed';
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { Dialog } from '@/ui/dialog';
import { Field, Form } from '@/ui/form';
import { Input, Select } from '@/ui/input';
import type { PostCard } from '../api/feed-view';
import { useEditPost } from '../api/post-actions';
import { completeToSave, feedTexts, POST_URGENCIES } from '../feed-constants';
import { categoryLabel } from '../feed-rules';
import { PostContentField } from './post-content-field';
import { PostDialogFooter } from './post-dialog-footer';

const missingOf = (form: Partial<EditPostForm>): string[] => [...(form.content?.trim() ? [] : ['content']), ...(form.urgency ? [] : ['priority'])];

export const EditPostDialog = ({ post, open, onOpenChange }: { post: PostCard; open: boolean; onOpenChange: (open: boolean) => void }) => {
  const edit = useEditPost(post.id);
  const form = useForm<EditPostForm>({
    resolver: zodResolver(editPostFormSchema),
    defaultValues: { content: post.content, skillNeeded: post.skill_needed, urgency: post.urgency },
  });
  const { control, formState } = form;
  const { field: content } = useController({ control, name: 'content' });
  const values = useWatch({ control });
  const missing = missingOf(values);
  const reason = missing.length > 0 ? completeToSave(missing) : null;

  const submit = async (values: EditPostForm) => {
    try {
      await edit.mutateAsync({ content: values.content, skillNeeded: values.skillNeeded, urgency: values.urgency });
      onOpenChange(false);
    } catch (error) {
      toast.error(errorText(error, feedTexts.updateFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !edit.isPending && onOpenChange(next)}
      title="Edit Post"
      size="lg"
      footer={
        <PostDialogFooter
          formId="edit-post-form"
          submitLabel="Save Changes"
          submitTestId="save-post"
          reason={reason}
          pending={edit.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <Form id="edit-post-form" form={form} onSubmit={submit} messageSlot="none" className="space-y-4" data-testid="edit-post">
        <PostContentField id="edit-content" label="Content" field={content} invalid={!!formState.errors.content} testId="edit-content" />
        <Field name="skillNeeded" label="Specific Skill Needed" id="edit-skill" optional>
          {(field) => <Input {...field} placeholder="e.g. React, SEO, Figma" data-testid="edit-skill" />}
        </Field>
        <Field name="urgency" label="Priority" id="edit-priority">
          {(field) => (
            <Select {...field} data-testid="edit-priority">
              {POST_URGENCIES.map((value) => (
                <option key={value} value={value}>
                  {categoryLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </Form>
    </Dialog>
  );
};
