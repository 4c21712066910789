// ?post={id}, ?comment={id} and a share link's #post-{id} (spec 001 §2.3): open the post (read on its
// own when the list does not hold it), expand its comments, scroll to the comment (or the post) and
// highlight it (for 3 s: feed-store's setHighlightedComment). It is looked for every 100 ms, up to 15 times; what never shows is only warned
// about. A try is counted only once the reads it waits for have answered.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { fetchPost } from '../api/posts-api';
import { feedKeys } from '../api/keys';
import type { PostCard } from '../api/feed-view';
import { useFeedUi } from '../feed-store';

export const LOOKUP_TRIES = 15;
export const LOOKUP_INTERVAL_MS = 100;

export interface PostLink {
  postId: string | null;
  commentId: string | null;
  /** The linked post when the list does not hold it: shown above the list. */
  pinned: PostCard | null;
}

export const usePostLink = (listed: readonly PostCard[], listReady: boolean): PostLink => {
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  const queryClient = useQueryClient();
  const commentId = params.get('comment');
  const postId = params.get('post') ?? (/^#post-(.+)$/.exec(hash)?.[1] ? decodeURIComponent(/^#post-(.+)$/.exec(hash)![1]!) : null);
  const inList = !!postId && listed.some((post) => post.id === postId);
  const single = useQuery({
    queryKey: [...feedKeys.post(postId ?? ''), 'one'],
    queryFn: ({ signal }) => fetchPost(postId ?? '', signal),
    enabled: !!postId && listReady && !inList,
    retry: false,
  });

  useEffect(() => {
    if (!postId && !commentId) return;
    const { setExpanded, setHighlightedComment, setSeeking } = useFeedUi.getState();
    setSeeking(commentId);
    if (postId && commentId) setExpanded(postId, true);
    // Which post holds the comment is not in the link: open every post on screen that has comments.
    if (!postId && commentId && listReady) for (const post of listed) if (post.comment_count > 0) setExpanded(post.id, true);
    if (!listReady) return;
    let tries = 0;
    const done = () => {
      setSeeking(null);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('post');
          next.delete('comment');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    };
    const look = (): boolean => {
      const target = document.getElementById(commentId ? `comment-${commentId}` : `post-${postId ?? ''}`);
      if (target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'center' });
        setHighlightedComment(commentId ?? `post:${postId ?? ''}`);
        done();
        return true;
      }
      if (queryClient.isFetching({ queryKey: feedKeys.all }) === 0) tries += 1;
      if (tries >= LOOKUP_TRIES) {
        console.warn(commentId ? `Comment ${commentId} was found in no post` : `Post ${postId ?? ''} was not found`);
        done();
        return true;
      }
      return false;
    };
    const timer = setInterval(() => look() && clearInterval(timer), LOOKUP_INTERVAL_MS);
    return () => clearInterval(timer);
    // `listed` changes with every refresh; the look-up needs the list only once it is ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postId, commentId, listReady, setParams, queryClient]);

  return { postId, commentId, pinned: !inList && single.data ? single.data : null };
};
