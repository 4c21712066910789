// Writes on posts (spec 001 §7): create, edit, like / unlike, soft delete. Each applies its own change
// through the app's stale-keys map at once, the same one the websocket applies for other members.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { errorText, sendJson } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { useInvalidateChanges } from '@/lib/stale-keys';
import { feedPaths, feedTexts } from '../feed-constants';
import type { MediaAttachment, PostCategory, PostUrgency } from '../feed-constants';
import type { FeedPage, LikeResponse, PostCard } from './feed-view';
import { feedKeys } from './keys';

export interface NewPost {
  content: string;
  skillNeeded?: string | null;
  category: PostCategory;
  urgency: PostUrgency;
  mediaAttachments: MediaAttachment[];
}

export interface PostEdit {
  content: string;
  skillNeeded?: string | null;
  urgency: PostUrgency;
}

const postChange = (postId: string) => ({ scope: 'post' as const, id: postId, postId });

export const useCreatePost = () => {
  const invalidate = useInvalidateChanges();
  return useMutation({
    mutationFn: async (post: NewPost) =>
      (
        await sendJson<{ post: PostCard }>(feedPaths.createPost, {
          body: {
            content: post.content,
            skill_needed: post.skillNeeded?.trim() || undefined,
            category: post.category,
            urgency: post.urgency,
            media_attachments: post.mediaAttachments,
          },
        })
      ).post,
    onSuccess: (post) => invalidate([postChange(post.id)]),
  });
};

export const useEditPost = (postId: string) => {
  const invalidate = useInvalidateChanges();
  return useMutation({
    mutationFn: (edit: PostEdit) =>
      sendJson<{ post: PostCard }>(feedPaths.updatePost(postId), {
        method: 'PUT',
        body: { content: edit.content, skill_needed: edit.skillNeeded?.trim() || null, urgency: edit.urgency },
      }),
    onSuccess: () => invalidate([postChange(postId)]),
  });
};

export const useDeletePost = (postId: string) => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateChanges();
  return useMutation({
    mutationFn: () => sendJson<unknown>(feedPaths.deletePost(postId), { method: 'DELETE' }),
    // Said here, not by the card: the refresh removes the card, and a removed card hears nothing.
    onSuccess: () => {
      toast.success(feedTexts.deleted);
      // The card leaves the cached lists first: still on screen, its open comments would be refetched
      // by the refresh and answer 404 (the post is gone).
      queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: feedKeys.lists }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((post) => post.id !== postId) })) } : data,
      );
      return invalidate([postChange(postId)]);
    },
    onError: (error) => toast.error(errorText(error, feedTexts.deleteFailed)),
  });
};

/** Applies `update` to the post wherever a cached list holds it. */
const updateCachedPost = (queryClient: ReturnType<typeof useQueryClient>, postId: string, update: (post: PostCard) => PostCard) =>
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: feedKeys.lists }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((post) => (post.id === postId ? update(post) : post)) })) } : data,
  );

/** PUT likes, DELETE unlikes (idempotent both ways); the answer's count goes straight into the cached lists. */
export const useToggleLike = (postId: string) => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateChanges();
  return useMutation({
    mutationFn: (like: boolean) => sendJson<LikeResponse>(feedPaths.postLike(postId), { method: like ? 'PUT' : 'DELETE' }),
    onSuccess: (answer) => updateCachedPost(queryClient, postId, (post) => ({ ...post, liked_by_me: answer.liked, likes_count: answer.likes_count })),
    onSettled: () => invalidate([postChange(postId)]),
  });
};
