// The comment box is a form with the contract's zod schema; it loads when a post's comments open, so the
// list itself draws without zod (api/contracts/feed-limits.ts). The placeholder keeps the box's height.
import { lazy, Suspense, type ComponentProps } from 'react';
import type { CommentBox } from './comment-box';

const LoadedCommentBox = lazy(async () => ({ default: (await import('./comment-box')).CommentBox }));

export const LazyCommentBox = (props: ComponentProps<typeof CommentBox>) => (
  <Suspense fallback={<div aria-hidden="true" className="h-10 rounded-md border border-slate-200 bg-slate-50" />}>
    <LoadedCommentBox {...props} />
  </Suspense>
);
