// The feed's read shapes, as api/contracts/feed-read.ts declares them (types only: this file loads no zod).
export type { CommentsPage, CommentView, FeedAuthor, FeedPage, FeedStats, LikeResponse, PostCard, ResolvedMentionView } from '@contracts/feed-read';
