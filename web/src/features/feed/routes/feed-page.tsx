// /feed, the community feed (spec 001 §2.3): title, the stat cards, category and sort, 'Create Post',
// the list, the member's widget on the left and a widget with 'Send feedback' on the right (the app
// hands the feedback button in: it belongs to another feature). The composer and edit dialogs load
// when first opened (decision 87).
import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '@/lib/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { FullPageSpinner } from '@/ui/spinner';
import { postsOf, useFeed } from '../api/posts-api';
import { FeedFilters } from '../components/feed-filters';
import { FeedStatCards } from '../components/feed-stats';
import { PostList } from '../components/post-list';
import { TrendingTags } from '../components/trending-tags';
import { useNewPosts } from '../components/use-new-posts';
import { usePostLink } from '../components/use-post-link';
import { UserWidget } from '../components/user-widget';
import { useFeedUi } from '../feed-store';

const ComposerDialog = lazy(async () => ({ default: (await import('../components/composer-dialog')).ComposerDialog }));
const EditPostDialog = lazy(async () => ({ default: (await import('../components/edit-post-dialog')).EditPostDialog }));

export interface FeedPageProps {
  /** The 'Send feedback' button, from the feedback feature. */
  feedback?: ReactNode;
}

export const FeedPage = ({ feedback }: FeedPageProps) => {
  useDocumentTitle('Community Feed');
  const { data: me } = useCurrentUser();
  const filter = useFeedUi((s) => s.filter);
  const composerOpen = useFeedUi((s) => s.composerOpen);
  const setComposerOpen = useFeedUi((s) => s.setComposerOpen);
  const editing = useFeedUi((s) => s.editing);
  const setEditing = useFeedUi((s) => s.setEditing);
  const feed = useFeed(filter);
  // Spec 001 §8: a feed that fails to load is only logged; the list falls back to empty.
  useEffect(() => {
    if (feed.error) console.warn('Loading posts failed', feed.error);
  }, [feed.error]);
  const posts = postsOf(feed.data?.pages);
  const link = usePostLink(posts, feed.isSuccess);
  useNewPosts();
  const editingPost = editing ? (posts.find((post) => post.id === editing) ?? (link.pinned?.id === editing ? link.pinned : null)) : null;

  if (!me) return <FullPageSpinner />;
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[14rem_minmax(0,1fr)_16rem]">
      <aside className="sticky top-24 hidden lg:block" aria-label="Your summary">
        <UserWidget />
      </aside>

      <div className="min-w-0 space-y-5">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Community Feed</h1>
            <p className="mt-0.5 text-sm text-slate-500">Ask for help with a skill, or lend yours.</p>
          </div>
          <Button onClick={() => setComposerOpen(true)} data-testid="create-post">
            <Plus className="h-4 w-4" /> Create Post
          </Button>
        </header>
        <FeedStatCards stats={feed.data?.pages[0]?.stats} />
        <FeedFilters />
        <PostList
          posts={posts}
          pinned={link.pinned}
          viewerId={me.id}
          listKey={JSON.stringify(filter)}
          loading={feed.isPending}
          hasMore={feed.hasNextPage}
          loadingMore={feed.isFetchingNextPage}
          loadMore={() => void feed.fetchNextPage()}
          onCreate={() => setComposerOpen(true)}
        />
      </div>

      <aside className="space-y-4 lg:sticky lg:top-24" aria-label="Community">
        <TrendingTags posts={posts} />
        {feedback}
      </aside>

      {composerOpen && (
        <Suspense fallback={null}>
          <ComposerDialog open onOpenChange={setComposerOpen} />
        </Suspense>
      )}
      {editingPost && (
        <Suspense fallback={null}>
          <EditPostDialog post={editingPost} open onOpenChange={(open) => !open && setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
};
