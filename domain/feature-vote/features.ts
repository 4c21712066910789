// The features offered for voting on /coming-soon (spec 002 §1, §2, §9): their ids, titles and
// descriptions, the three vote types, and the statuses an admin gives a feature (beyond the spec, after
// Fider's post statuses: DESIGN.md §12, reviews/admin-anchors.md §2.3).

export const FEATURE_IDS = ['post_job', 'how_to_quote', 'good_deals'] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];

export const VOTE_TYPES = ['like', 'neutral', 'dislike'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

export const FEATURE_STATUSES = ['open', 'planned', 'started', 'completed', 'declined'] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

export interface FeatureText {
  id: FeatureId;
  title: string;
  description: string;
}

/** The spec names the three features in one line; the descriptions say that line in full sentences. */
export const FEATURES: readonly FeatureText[] = [
  { id: 'post_job', title: 'Post a Job', description: 'Post a job or a task and let members who teach the skill offer to do it.' },
  { id: 'how_to_quote', title: 'How to Quote', description: 'Community pricing benchmarks: see what members charge for a skill before you quote.' },
  { id: 'good_deals', title: 'Good Deals', description: 'Partner offers and discounts for active members of the community.' },
];

/** Status names as members read them. */
export const FEATURE_STATUS_LABELS: Readonly<Record<FeatureStatus, string>> = {
  open: 'Open',
  planned: 'Planned',
  started: 'Started',
  completed: 'Completed',
  declined: 'Declined',
};

export const isFeatureId = (id: string): id is FeatureId => (FEATURE_IDS as readonly string[]).includes(id);
export const featureTitle = (id: FeatureId): string => FEATURES.find((f) => f.id === id)!.title;

/** A comment's length after trimming, and an admin's note on a status. */
export const FEATURE_COMMENT_MAX = 1000;
export const FEATURE_NOTE_MAX = 500;

export const featureTexts = {
  notFound: 'Feature not found',
  badVote: 'Pick like, neutral or dislike',
  badStatus: 'Pick open, planned, started, completed or declined',
  commentEmpty: 'Write a comment first',
  commentTooLong: `A comment has at most ${FEATURE_COMMENT_MAX} characters`,
  noteTooLong: `A note has at most ${FEATURE_NOTE_MAX} characters`,
} as const;
