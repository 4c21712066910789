// Feature voting's calls (spec 002 §3, §7, §8): the spec's paths and fields (feature_id, vote_type,
// content), the three features from the spec, the texts the page shows, and an admin's status.
import { z } from 'zod';
import { FEATURE_COMMENT_MAX, FEATURE_NOTE_MAX, FEATURE_STATUSES, FEATURE_IDS, VOTE_TYPES, featureTexts } from '../../domain/feature-vote/features.js';

export {
  FEATURES,
  FEATURE_COMMENT_MAX,
  FEATURE_IDS,
  FEATURE_NOTE_MAX,
  FEATURE_STATUSES,
  FEATURE_STATUS_LABELS,
  VOTE_TYPES,
  featureTexts,
  type FeatureId,
  type FeatureStatus,
  type FeatureText,
  type VoteType,
} from '../../domain/feature-vote/features.js';

/** What the page says (spec 002 §5, §8). */
export const comingSoonTexts = {
  logInToVote: 'Please log in to vote',
  logInToComment: 'Please log in to comment',
  votesFailed: 'Failed to fetch votes',
  commentsFailed: 'Failed to fetch comments',
} as const;

const featureId = z.enum(FEATURE_IDS, { message: featureTexts.notFound });

export const featureIdParams = z.object({ featureId: z.string().min(1).max(100) });

/** The spec's client may send its own id; it must be the signed-in member's (DESIGN.md §6). */
const userId = z.string().max(100).optional();

export const castVoteBodySchema = z.object({ feature_id: featureId, vote_type: z.enum(VOTE_TYPES, { message: featureTexts.badVote }), user_id: userId });

export const addCommentBodySchema = z.object({
  feature_id: featureId,
  user_id: userId,
  content: z.string({ message: featureTexts.commentEmpty }).trim().min(1, featureTexts.commentEmpty).max(FEATURE_COMMENT_MAX, featureTexts.commentTooLong),
});

export const featureStatusBodySchema = z.object({
  status: z.enum(FEATURE_STATUSES, { message: featureTexts.badStatus }),
  note: z.string().trim().max(FEATURE_NOTE_MAX, featureTexts.noteTooLong).default(''),
});

export const featureVoteCountsSchema = z.object({
  feature_id: z.string(),
  like: z.number().int(),
  neutral: z.number().int(),
  dislike: z.number().int(),
  status: z.enum(FEATURE_STATUSES),
  status_note: z.string(),
  status_changed_at: z.string().nullable(),
});

/** The member's vote; vote_type null when they have not voted. */
export const userVoteSchema = z.object({ feature_id: z.string(), vote_type: z.enum(VOTE_TYPES).nullable() });

export const featureCommentSchema = z.object({
  id: z.string(),
  feature_id: z.string(),
  content: z.string(),
  created_at: z.string(),
  user: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() }),
});

export const featureStatusSchema = z.object({ feature_id: z.string(), status: z.enum(FEATURE_STATUSES), note: z.string() });

export type FeatureVoteCounts = z.infer<typeof featureVoteCountsSchema>;
export type UserVote = z.infer<typeof userVoteSchema>;
export type FeatureComment = z.infer<typeof featureCommentSchema>;

/** The share of votes that are likes, rounded; 0 with no votes (spec 002 §2 'the percentage who like it'). */
export const likePercent = (counts: Pick<FeatureVoteCounts, 'like' | 'neutral' | 'dislike'>): number => {
  const total = counts.like + counts.neutral + counts.dislike;
  return total === 0 ? 0 : Math.round((counts.like / total) * 100);
};
