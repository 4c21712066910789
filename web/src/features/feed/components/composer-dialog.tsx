// The post composer (spec 001 §2.4): the author, 'Share your learning need', the text with @ and #
// suggestions, category tiles, priority, attachments, 'n/1000 characters', 'Anyone can help with
// this', Cancel and Post. Post stays disabled until content, category and priority are there, and its
// tooltip says what is missing. Loaded when first opened (decision 87): it carries the form libraries.
// Escape, the backdrop and X only close it: the post being written waits in the feed store for the next
// opening; Cancel discards it, asking first when something is written (issue 29 item 8).
import { zodResolver } from '@hookform/resolvers/zod';
import clsx from 'clsx';
import { BriefcaseBusiness, Code2, Globe2, Megaphone, Palette } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { postFormSchema } from '@contracts/feed';
import type { PostForm } from '@contracts/feed';
import { useCurrentUser } from '@/lib/current-user';
import { errorText } from '@/lib/http';
import { Avatar } from '@/ui/avatar';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dialog } from '@/ui/dialog';
import { Form } from '@/ui/form';
import { Select } from '@/ui/input';
import { useCreatePost } from '../api/post-actions';
import { completeToPost, missingPostParts, POST_CATEGORIES, POST_URGENCIES } from '../feed-constants';
import type { MediaAttachment, PostCategory } from '../feed-constants';
import { categoryLabel } from '../feed-rules';
import { useFeedUi } from '../feed-store';
import { MediaPicker } from './media-picker';
import { PostContentField } from './post-content-field';
import { PostDialogFooter } from './post-dialog-footer';

const categoryIcons: Record<PostCategory, ReactNode> = {
  business: <BriefcaseBusiness />,
  marketing: <Megaphone />,
  design: <Palette />,
  development: <Code2 />,
};

const empty: PostForm = { content: '', skillNeeded: null, category: undefined as unknown as PostForm['category'], urgency: undefined as unknown as PostForm['urgency'] };

export const ComposerDialog = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const { data: me } = useCurrentUser();
  const create = useCreatePost();
  const draft = useFeedUi((s) => s.composerDraft);
  const setDraft = useFeedUi((s) => s.setComposerDraft);
  const [media, setMedia] = useState<MediaAttachment[]>(draft?.media ?? []);
  const [uploading, setUploading] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const form = useForm<PostForm>({
    resolver: zodResolver(postFormSchema),
    defaultValues: { ...empty, ...draft?.form },
  });
  const { control, setError, formState, getValues } = form;
  const { field: content } = useController({ control, name: 'content' });
  const { field: category } = useController({ control, name: 'category' });
  const { field: urgency } = useController({ control, name: 'urgency' });
  const values = useWatch({ control });
  const missing = missingPostParts(values);
  const reason = missing.length > 0 ? completeToPost(missing) : uploading ? 'Wait for the upload to finish' : null;
  const problem = formState.errors.content?.message ?? formState.errors.root?.message;

  const written = !!values.content?.trim() || media.length > 0;

  /** Escape, backdrop, X: the dialog closes and what is written waits for the next opening. */
  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) setDraft(written ? { form: getValues(), media } : null);
    onOpenChange(next);
  };
  const discard = () => {
    setDiscarding(false);
    setDraft(null);
    onOpenChange(false);
  };

  const submit = async (post: PostForm) => {
    try {
      await create.mutateAsync({ content: post.content, skillNeeded: post.skillNeeded, category: post.category, urgency: post.urgency, mediaAttachments: media });
      setDraft(null);
      onOpenChange(false);
    } catch (error) {
      setError('root', { message: errorText(error, 'Your post could not be published. Please try again.') });
    }
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={close}
        title="Share your learning need"
        size="lg"
        footer={
          <PostDialogFooter
            formId="composer-form"
            submitLabel="Post"
            submitTestId="submit-post"
            reason={reason}
            pending={create.isPending}
            onCancel={() => (written ? setDiscarding(true) : discard())}
          />
        }
      >
        <Form id="composer-form" form={form} onSubmit={submit} messageSlot="none" className="space-y-5" data-testid="composer">
          {me && (
            <div className="flex items-center gap-3">
              <Avatar name={me.name} src={me.avatar ?? me.profileImageUrl} alt="" />
              <div>
                <p className="font-semibold text-slate-900">{me.name}</p>
                <p className="flex items-center gap-1 text-xs text-slate-500">
                  <Globe2 className="h-3.5 w-3.5" /> Anyone can help with this
                </p>
              </div>
            </div>
          )}

          <PostContentField
            id="composer-content"
            label="What do you need help with?"
            field={content}
            invalid={!!formState.errors.content}
            placeholder="Describe what you want to learn. Tag skills with # and mention people with @"
            testId="composer-content"
          />

          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Category</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" role="radiogroup" aria-label="Category">
              {POST_CATEGORIES.map((value) => {
                const checked = category.value === value;
                return (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    onClick={() => category.onChange(value)}
                    data-testid={`category-${value}`}
                    className={clsx(
                      'flex flex-col items-center gap-1.5 rounded-xl border px-3 py-3 text-sm font-medium transition-colors [&>svg]:h-5 [&>svg]:w-5',
                      checked ? 'border-brand-500 bg-brand-50 text-brand-800 ring-1 ring-brand-400' : 'border-slate-200 text-slate-700 hover:bg-slate-50',
                    )}
                  >
                    {categoryIcons[value]}
                    {categoryLabel(value)}
                  </button>
                );
              })}
            </div>
          </fieldset>

          <div className="space-y-1.5">
            <label htmlFor="composer-priority" className="block text-sm font-medium text-slate-700">
              Priority
            </label>
            <Select
              id="composer-priority"
              ref={urgency.ref}
              name={urgency.name}
              value={urgency.value ?? ''}
              onChange={(e) => urgency.onChange(e.target.value || undefined)}
              onBlur={urgency.onBlur}
              data-testid="composer-priority"
            >
              <option value="" disabled>
                Select priority
              </option>
              {POST_URGENCIES.map((value) => (
                <option key={value} value={value}>
                  {categoryLabel(value)}
                </option>
              ))}
            </Select>
          </div>

          <MediaPicker media={media} onChange={setMedia} onBusy={setUploading} />

          {problem && (
            <p role="alert" className="text-sm text-red-600" data-testid="composer-error">
              {problem}
            </p>
          )}
        </Form>
      </Dialog>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title="Discard this post?"
        description="What you wrote will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep writing"
        tone="danger"
        onConfirm={discard}
      />
    </>
  );
};
