// One comment with its replies (spec 001 §2.6): author, age, offer and AI marks, the text (an AI
// comment collapsed past 200 characters), like, a reply box while replies may nest deeper (depth 3 at
// most), the AI's helpful/unhelpful, and the ring of a ?comment= link.
import clsx from 'clsx';
import { Heart, HandHelping, Reply, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { useToggleCommentLike } from '../api/comments-api';
import type { CommentView } from '../api/feed-view';
import { AI_COMMENT_COLLAPSED_AFTER } from '../feed-constants';
import { canReplyTo, postAge } from '../feed-rules';
import { useFeedUi } from '../feed-store';
import { AiFeedback } from './ai-feedback';
import { LazyCommentBox } from './lazy-comment-box';
import { RichText } from './rich-text';

export interface CommentItemProps {
  comment: CommentView;
  depth: number;
  viewer: { id: string; name: string; avatar: string | null };
  now: number;
}

const CommentText = ({ comment }: { comment: CommentView }) => {
  const long = comment.is_ai_generated && comment.content.length > AI_COMMENT_COLLAPSED_AFTER;
  const [open, setOpen] = useState(false);
  const text = long && !open ? `${comment.content.slice(0, AI_COMMENT_COLLAPSED_AFTER).trimEnd()}…` : comment.content;
  return (
    <>
      <RichText text={text} mentions={comment.mentions} className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800" />
      {long && (
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          className="mt-0.5 text-xs font-medium text-brand-700 hover:underline"
          data-testid="ai-expand"
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
};

export const CommentItem = ({ comment, depth, viewer, now }: CommentItemProps) => {
  const highlighted = useFeedUi((s) => s.highlightedComment === comment.id);
  const [replying, setReplying] = useState(false);
  const like = useToggleCommentLike(comment.post_id, comment.id);
  const liked = comment.liked_by_me;
  const ai = comment.is_ai_generated;

  return (
    <li data-testid="comment" data-comment-id={comment.id} data-depth={depth}>
      <div
        id={`comment-${comment.id}`}
        className={clsx(
          'scroll-mt-24 rounded-xl px-3 py-2 transition-colors duration-500',
          highlighted ? 'bg-amber-50 ring-2 ring-amber-300' : ai ? 'bg-violet-50' : 'bg-slate-50',
        )}
        data-highlighted={highlighted || undefined}
      >
        <div className="flex items-start gap-2">
          {ai ? (
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-700">
              <Sparkles className="h-4 w-4" />
            </span>
          ) : (
            <Avatar name={comment.author.name} src={comment.author.avatar} size="sm" alt="" />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {ai ? (
                <span className="text-sm font-semibold text-violet-900">{comment.author.name}</span>
              ) : (
                <Link to={`/profile/${encodeURIComponent(comment.author.id)}`} className="text-sm font-semibold text-slate-900 hover:underline">
                  {comment.author.name}
                </Link>
              )}
              <time dateTime={comment.created_at} className="text-xs text-slate-500">
                {postAge(comment.created_at, now)}
              </time>
              {comment.is_offer && (
                <Badge tone="success">
                  <HandHelping className="h-3 w-3" /> Offer to help
                </Badge>
              )}
              {ai && <Badge tone="brand">AI</Badge>}
            </div>
            <CommentText comment={comment} />
            <div className="mt-1 flex flex-wrap items-center gap-1">
              <button
                type="button"
                onClick={() => like.mutate(!liked)}
                aria-pressed={liked}
                aria-label={`${liked ? 'Unlike' : 'Like'} comment (${comment.likes_count})`}
                className={clsx('inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium hover:bg-white', liked ? 'text-rose-600' : 'text-slate-600')}
                data-testid="like-comment"
              >
                <Heart className={clsx('h-3.5 w-3.5', liked && 'fill-current')} />
                <span className="tabular-nums">{comment.likes_count}</span>
              </button>
              {canReplyTo(depth) && (
                <button
                  type="button"
                  onClick={() => setReplying(!replying)}
                  aria-expanded={replying}
                  className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-medium text-slate-600 hover:bg-white"
                  data-testid="reply-to-comment"
                >
                  <Reply className="h-3.5 w-3.5" /> Reply
                </button>
              )}
              {ai && <AiFeedback commentId={comment.id} />}
            </div>
          </div>
        </div>
      </div>
      {replying && (
        <div className="mt-2 ml-6 sm:ml-10">
          <LazyCommentBox
            postId={comment.post_id}
            parentCommentId={comment.id}
            viewerName={viewer.name}
            viewerAvatar={viewer.avatar}
            label={`Reply to ${comment.author.name}`}
            autoFocus
            onDone={() => setReplying(false)}
          />
        </div>
      )}
      {comment.replies.length > 0 && (
        <ul className="mt-2 ml-3 space-y-2 border-l-2 border-slate-100 pl-3 sm:ml-5 sm:pl-4" aria-label={`Replies to ${comment.author.name}`}>
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} depth={depth + 1} viewer={viewer} now={now} />
          ))}
        </ul>
      )}
    </li>
  );
};
