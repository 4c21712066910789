// The list of posts: the loading skeleton, the empty state, the cards, the next page when the end
// comes near, and the "new posts" pill that holds back posts arriving live above the ones shown.
import { MessageSquarePlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNow } from '@/lib/use-now';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import { Spinner } from '@/ui/spinner';
import type { PostCard as Post } from '../api/feed-view';
import { splitNewPosts } from '../feed-rules';
import { NewPostsPill } from './new-posts-pill';
import { PostCard } from './post-card';
import { PostSkeletons } from './post-skeleton';

export interface PostListProps {
  posts: readonly Post[];
  /** The linked post (?post=, ?comment=) when the list does not hold it. */
  pinned: Post | null;
  viewerId: string;
  /** A new filter starts a new list: everything in it is shown. */
  listKey: string;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  onCreate: () => void;
}

const useNearEnd = (active: boolean, onNear: () => void) => {
  const ref = useRef<HTMLDivElement>(null);
  const near = useRef(onNear);
  near.current = onNear;
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && near.current(), { rootMargin: '600px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return ref;
};

export const PostList = ({ posts, pinned, viewerId, listKey, loading, hasMore, loadingMore, loadMore, onCreate }: PostListProps) => {
  const now = useNow(60_000);
  const known = useRef({ key: listKey, ids: new Set<string>() });
  if (known.current.key !== listKey) known.current = { key: listKey, ids: new Set() };
  const [, setTaken] = useState(0);
  const { shown, waiting } = splitNewPosts(posts, known.current.ids, viewerId);
  useEffect(() => {
    for (const post of shown) known.current.ids.add(post.id);
  });
  const end = useNearEnd(hasMore && !loadingMore, loadMore);

  const take = () => {
    for (const post of waiting) known.current.ids.add(post.id);
    setTaken((n) => n + 1);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  if (loading) return <PostSkeletons />;
  if (shown.length === 0 && waiting.length === 0 && !pinned)
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white" data-testid="feed-empty">
        <EmptyState icon={<MessageSquarePlus />} title="No posts yet" action={<Button onClick={onCreate}>Create First Post</Button>}>
          Ask the community for help with a skill, or offer yours.
        </EmptyState>
      </div>
    );

  return (
    <div className="space-y-4">
      <NewPostsPill count={waiting.length} onShow={take} />
      {pinned && <PostCard key={`pinned-${pinned.id}`} post={pinned} viewerId={viewerId} now={now} />}
      <ol className="space-y-4" aria-label="Posts" data-testid="post-list">
        {shown.map((post) => (
          <li key={post.id}>
            <PostCard post={post} viewerId={viewerId} now={now} />
          </li>
        ))}
      </ol>
      <div ref={end} />
      {loadingMore && (
        <div className="flex justify-center py-4">
          <Spinner label="Loading more posts" />
        </div>
      )}
      {hasMore && !loadingMore && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={loadMore} data-testid="load-more-posts">
            Load more posts
          </Button>
        </div>
      )}
    </div>
  );
};
