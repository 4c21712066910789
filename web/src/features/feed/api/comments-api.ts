// A post's comments (spec 001 §2.3, §2.6): the first 3, then 5 more per 'load more', paged by the
// server's cursor; replies come nested in their comment. Writes: comments, replies, offers, likes.
import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/http';
import { useInvalidateChanges } from '@/lib/stale-keys';
import { COMMENTS_LOAD_MORE, COMMENTS_SHOWN_FIRST, feedPaths } from '../feed-constants';
import type { CommentsPage, CommentView, LikeResponse } from './feed-view';
import { feedKeys } from './keys';

export const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: feedKeys.comments(postId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(pageParam ? COMMENTS_LOAD_MORE : COMMENTS_SHOWN_FIRST) });
      if (pageParam) params.set('cursor', pageParam);
      return getJson<CommentsPage>(`${feedPaths.comments(postId)}?${params}`, { signal });
    },
    getNextPageParam: (last) => last.next_cursor,
  });

export const useComments = (postId: string, enabled: boolean) => useInfiniteQuery({ ...commentsQuery(postId), enabled });

/** The comments loaded so far, once each (a comment may be announced live and arrive in a later page). */
export const commentsOf = (pages: readonly CommentsPage[] | undefined): CommentView[] => {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.comments).filter((comment) => !seen.has(comment.id) && !!seen.add(comment.id));
};

/** Whether a comment (or a reply at any depth) is among the loaded ones. */
export const holdsComment = (comments: readonly CommentView[], commentId: string): boolean =>
  comments.some((comment) => comment.id === commentId || holdsComment(comment.replies, commentId));

export interface NewComment {
  content: string;
  parentCommentId?: string | null;
  isOffer?: boolean;
  skillOffered?: string | null;
}

const postChange = (postId: string) => ({ scope: 'post' as const, id: postId, postId });

export const useAddComment = (postId: string) => {
  const invalidate = useInvalidateChanges();
  return useMutation({
    mutationFn: (comment: NewComment) =>
      sendJson<{ comment: CommentView }>(feedPaths.createComment, {
        body: {
          post_id: postId,
          content: comment.content,
          is_offer: comment.isOffer ?? false,
          skill_offered: comment.skillOffered ?? null,
          parent_comment_id: comment.parentCommentId ?? null,
        },
      }),
    onSuccess: () => invalidate([postChange(postId)]),
  });
};

export const useToggleCommentLike = (postId: string, commentId: string) => {
  const invalidate = useInvalidateChanges();
  return useMutation({
    mutationFn: (like: boolean) => sendJson<LikeResponse>(feedPaths.commentLike(commentId), { method: like ? 'PUT' : 'DELETE' }),
    onSettled: () => invalidate([postChange(postId)]),
  });
};
