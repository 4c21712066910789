// Feature voting's query keys, and which of them a change makes stale. Loaded with the app's entry
// (through app/stale-keys.ts), so it imports nothing but types and lib/stale-keys.
import type { StaleKeys } from '@/lib/stale-keys';

const all = ['feature-votes'] as const;

export const featureVoteKeys = {
  all,
  feature: (featureId: string) => [...all, featureId] as const,
  counts: (featureId: string) => [...all, featureId, 'counts'] as const,
  userVote: (featureId: string) => [...all, featureId, 'user-vote'] as const,
  comments: (featureId: string) => [...all, featureId, 'comments'] as const,
};

/** A feature's change (a vote, a comment, a status) refetches what the page shows of it. */
export const featureVoteStaleKeys: StaleKeys = (change) => (change.scope === 'feature' ? [{ queryKey: featureVoteKeys.feature(change.id) }] : []);
