// /coming-soon's reads and writes (spec 002 §7): per feature the counts, the member's own vote and the
// discussion; a vote and a comment. The answers of another member's votes arrive as `feature` changes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureComment, FeatureStatus, FeatureVoteCounts, UserVote, VoteType } from '@contracts/feature-votes';
import { getJson, sendJson } from '@/lib/http';
import { featureVoteKeys } from './keys';

const path = (featureId: string) => encodeURIComponent(featureId);

export const useFeatureVoteCounts = (featureId: string) =>
  useQuery({ queryKey: featureVoteKeys.counts(featureId), queryFn: ({ signal }) => getJson<FeatureVoteCounts>(`/api/feature-votes/${path(featureId)}`, { signal }) });

/** The member's vote; a failure reads as no vote (spec 002 §7). */
export const useUserVote = (featureId: string) =>
  useQuery({
    queryKey: featureVoteKeys.userVote(featureId),
    queryFn: async ({ signal }) => {
      try {
        return (await getJson<UserVote>(`/api/feature-votes/${path(featureId)}/user-vote`, { signal })).vote_type;
      } catch {
        return null;
      }
    },
  });

export const useFeatureComments = (featureId: string, enabled: boolean) =>
  useQuery({
    queryKey: featureVoteKeys.comments(featureId),
    queryFn: ({ signal }) => getJson<FeatureComment[]>(`/api/feature-comments/${path(featureId)}`, { signal }),
    enabled,
  });

/** On success the feature's reads are fetched again (spec 002 §4); the own vote is shown at once. */
export const useCastVote = (featureId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (voteType: VoteType) => sendJson<UserVote>('/api/feature-votes', { body: { feature_id: featureId, vote_type: voteType } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(featureVoteKeys.userVote(featureId), answer.vote_type);
      await queryClient.invalidateQueries({ queryKey: featureVoteKeys.counts(featureId) });
    },
  });
};

export const useAddComment = (featureId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendJson<FeatureComment>('/api/feature-comments', { body: { feature_id: featureId, content } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: featureVoteKeys.comments(featureId) });
    },
  });
};

/** An admin's status with a note (POST /api/admin/features/{featureId}/status); the voters are told. */
export const useSetFeatureStatus = (featureId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: FeatureStatus; note: string }) => sendJson<unknown>(`/api/admin/features/${path(featureId)}/status`, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: featureVoteKeys.counts(featureId) });
    },
  });
};
