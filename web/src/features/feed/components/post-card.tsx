// A post of the feed (spec 001 §2.3): author, age, category, urgency, skill needed, the text with its
// mentions, tags and links, media and link preview, like, comments, share, offer help, booking, AI
// status, and edit/delete for its author. Its comments load when they are opened.
import clsx from 'clsx';
import { CalendarPlus, Heart, MessageCircle, MoreHorizontal, Pencil, Share2, Trash2, HandHelping } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '@/lib/http';
import { toast } from '@/lib/toast-store';
import { useSeen } from '@/lib/use-seen';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import type { BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Dropdown, DropdownContent, DropdownItem, DropdownTrigger } from '@/ui/dropdown';
import { useAddComment } from '../api/comments-api';
import type { PostCard as Post } from '../api/feed-view';
import { useDeletePost, useToggleLike } from '../api/post-actions';
import { bookingComingSoon, DEFAULT_OFFER_TEXT, feedTexts } from '../feed-constants';
import { categoryLabel, postAge, postLink, shareText, urgencyLabel } from '../feed-rules';
import { useFeedUi } from '../feed-store';
import { AiStatusLine } from './ai-status';
import { CommentsSection } from './comments-section';
import { LinkPreviewCard, PostMedia } from './post-media';
import { firstLink, RichText } from './rich-text';
import { usePostLive } from './use-post-live';

const urgencyTone: Record<string, BadgeTone> = { high: 'danger', medium: 'warning', low: 'success' };

const share = async (post: Post) => {
  const url = postLink(window.location.origin, post.id);
  const text = shareText(post.content);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'SkillSwap', text, url });
      return;
    } catch (error) {
      // The member closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(`${text}\n${url}`);
    toast.success(feedTexts.shareCopied);
  } catch {
    toast.error(feedTexts.shareFailed);
  }
};

interface ActionProps {
  label: string;
  count?: number;
  active?: boolean;
  expanded?: boolean;
  onClick: () => void;
  icon: ReactNode;
  testId: string;
}

const Action = ({ label, count, active, expanded, onClick, icon, testId }: ActionProps) => (
  <button
    type="button"
    onClick={onClick}
    aria-pressed={active}
    aria-expanded={expanded}
    data-testid={testId}
    className={clsx(
      'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors sm:px-3 [&>svg]:h-4 [&>svg]:w-4',
      active ? 'text-rose-600 hover:bg-rose-50' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
    )}
  >
    {icon}
    {count !== undefined && <span className="tabular-nums">{count}</span>}
    {/* Icons alone on a phone: the name stays for screen readers. */}
    <span className="sr-only sm:not-sr-only">{label}</span>
  </button>
);

export interface PostCardProps {
  post: Post;
  viewerId: string;
  now: number;
}

export const PostCard = ({ post, viewerId, now }: PostCardProps) => {
  const [ref, seen] = useSeen<HTMLElement>('0px');
  usePostLive(post.id, seen);
  const expanded = useFeedUi((s) => !!s.expanded[post.id]);
  const highlighted = useFeedUi((s) => s.highlightedComment === `post:${post.id}`);
  const setExpanded = useFeedUi((s) => s.setExpanded);
  const setEditing = useFeedUi((s) => s.setEditing);
  const [confirming, setConfirming] = useState(false);
  const like = useToggleLike(post.id);
  const remove = useDeletePost(post.id);
  const offer = useAddComment(post.id);
  const liked = post.liked_by_me;
  const mine = post.author.id === viewerId;
  const link = firstLink(post.content);
  const profile = `/profile/${encodeURIComponent(post.author.id)}`;

  const offerHelp = () =>
    offer.mutate(
      { content: DEFAULT_OFFER_TEXT, isOffer: true, skillOffered: post.skill_needed },
      { onSuccess: () => setExpanded(post.id, true), onError: (error) => toast.error(errorText(error, 'Could not send your offer. Please try again.')) },
    );

  const confirmDelete = () => remove.mutate(undefined, { onSuccess: () => setConfirming(false) });

  return (
    <article
      ref={ref}
      id={`post-${post.id}`}
      data-testid="post-card"
      data-post-id={post.id}
      aria-labelledby={`post-${post.id}-author`}
      data-highlighted={highlighted || undefined}
      className={clsx(
        'scroll-mt-24 rounded-2xl border bg-white shadow-sm transition-shadow',
        highlighted ? 'border-amber-300 ring-2 ring-amber-300' : 'border-slate-200',
      )}
    >
      <div className="space-y-3 p-4 sm:p-5">
        <header className="flex items-start gap-3">
          <Link to={profile} className="shrink-0" tabIndex={-1} aria-hidden>
            <Avatar name={post.author.name} src={post.author.avatar} alt="" />
          </Link>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <Link id={`post-${post.id}-author`} to={profile} className="truncate font-semibold text-slate-900 hover:underline" data-testid="post-author">
                {post.author.name}
              </Link>
              <time dateTime={post.created_at} className="text-xs text-slate-500" data-testid="post-age">
                {postAge(post.created_at, now)}
              </time>
            </div>
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              <Badge tone="brand">{categoryLabel(post.category)}</Badge>
              <Badge tone={urgencyTone[post.urgency] ?? 'neutral'}>{urgencyLabel(post.urgency)}</Badge>
              <Badge tone="info">
                <span className="sr-only">Skill needed: </span>
                <span data-testid="post-skill">{post.skill_needed}</span>
              </Badge>
            </div>
          </div>
          {mine && (
            <Dropdown>
              <DropdownTrigger asChild>
                <Button variant="ghost" size="icon" aria-label="Post options" data-testid="post-menu">
                  <MoreHorizontal className="h-5 w-5" />
                </Button>
              </DropdownTrigger>
              <DropdownContent>
                <DropdownItem icon={<Pencil />} onSelect={() => setEditing(post.id)}>
                  Edit post
                </DropdownItem>
                <DropdownItem icon={<Trash2 />} tone="danger" onSelect={() => setConfirming(true)}>
                  Delete post
                </DropdownItem>
              </DropdownContent>
            </Dropdown>
          )}
        </header>

        <div data-testid="post-content">
          <RichText text={post.content} mentions={post.mentions} />
        </div>
        <PostMedia media={post.media_attachments} />
        {post.media_attachments.length === 0 && <LinkPreviewCard url={link} visible={seen} />}
        <AiStatusLine post={post} />
      </div>

      <div className="flex flex-wrap items-center gap-0.5 border-t border-slate-100 px-2 py-1.5 sm:px-3">
        <Action
          label="Like"
          count={post.likes_count}
          active={liked}
          onClick={() => like.mutate(!liked)}
          icon={<Heart className={liked ? 'fill-current' : undefined} />}
          testId="like-post"
        />
        <Action
          label="Comments"
          count={post.comment_count}
          expanded={expanded}
          onClick={() => setExpanded(post.id, !expanded)}
          icon={<MessageCircle />}
          testId="toggle-comments"
        />
        <Action label="Share" onClick={() => void share(post)} icon={<Share2 />} testId="share-post" />
        {!mine && (
          <>
            <Action label="Offer help" onClick={offerHelp} icon={<HandHelping />} testId="offer-help" />
            <Action label="Book" onClick={() => toast.info(bookingComingSoon(post.skill_needed))} icon={<CalendarPlus />} testId="book-from-post" />
          </>
        )}
      </div>

      {expanded && <CommentsSection post={post} viewerId={viewerId} now={now} />}

      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Delete this post?"
          description={feedTexts.deleteConfirm}
          confirmLabel="Delete post"
          tone="danger"
          busy={remove.isPending}
          onConfirm={confirmDelete}
        />
      )}
    </article>
  );
};
