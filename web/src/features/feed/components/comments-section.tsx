// A post's comments (spec 001 §2.3, §2.6): the first 3, 'load 5 more' from the server, the replies
// nested under each, and the post's comment box.
import { useCurrentUser } from '@/lib/current-user';
import { Button } from '@/ui/button';
import { Spinner } from '@/ui/spinner';
import { useEffect } from 'react';
import { commentsOf, holdsComment, useComments } from '../api/comments-api';
import { useFeedUi } from '../feed-store';
import type { PostCard } from '../api/feed-view';
import { COMMENTS_LOAD_MORE } from '../feed-constants';
import { LazyCommentBox } from './lazy-comment-box';
import { CommentItem } from './comment-item';

export const CommentsSection = ({ post, viewerId, now }: { post: PostCard; viewerId: string; now: number }) => {
  const { data: me } = useCurrentUser();
  const comments = useComments(post.id, true);
  const list = commentsOf(comments.data?.pages);
  // Spec 001 §8: comments that fail to load are only logged; the list falls back to empty.
  useEffect(() => {
    if (comments.error) console.warn('Loading comments failed', comments.error);
  }, [comments.error]);
  const seeking = useFeedUi((s) => s.seeking);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;
  const missing = !!seeking && comments.isSuccess && !holdsComment(list, seeking);
  // A linked comment beyond the first pages: load more until it shows (or none are left).
  useEffect(() => {
    if (missing && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [missing, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const viewer = { id: viewerId, name: me?.name ?? 'You', avatar: me?.avatar ?? me?.profileImageUrl ?? null };

  return (
    <section className="space-y-3 border-t border-slate-100 px-4 py-3 sm:px-5" aria-label="Comments" data-testid="comments">
      {comments.isPending && <Spinner size="sm" label="Loading comments" />}
      {list.length > 0 && (
        <ul className="space-y-2">
          {list.map((comment) => (
            <CommentItem key={comment.id} comment={comment} depth={0} viewer={viewer} now={now} />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button variant="ghost" size="sm" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage} data-testid="load-more-comments">
          Load {COMMENTS_LOAD_MORE} more comments
        </Button>
      )}
      <LazyCommentBox postId={post.id} viewerName={viewer.name} viewerAvatar={viewer.avatar} label="Write a comment" />
    </section>
  );
};
