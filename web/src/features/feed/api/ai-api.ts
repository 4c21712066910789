// The S brain's comments (spec 001 §2.6, §7): helpful / unhelpful once, then locked; the stats.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiFeedbackStats, AssistantStatus } from '@contracts/assistant';
import { getJson, sendJson } from '@/lib/http';
import { feedKeys } from './keys';

export const useAiFeedbackStats = (commentId: string, enabled: boolean) =>
  useQuery({
    queryKey: feedKeys.aiFeedback(commentId),
    queryFn: async ({ signal }) => (await getJson<AiFeedbackStats>(`/api/ai/feedback/stats/${encodeURIComponent(commentId)}`, { signal })).data,
    enabled,
    retry: false,
  });

export const useGiveAiFeedback = (commentId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedbackType: 'helpful' | 'unhelpful') => sendJson<unknown>('/api/ai/feedback', { body: { commentId, feedbackType } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.aiFeedback(commentId) }),
  });
};

/** Whether The S brain answers on this server, and the member's questions left today (issue 20 point 7). */
export const useAssistantStatus = () =>
  useQuery({
    queryKey: feedKeys.assistant,
    queryFn: ({ signal }) => getJson<AssistantStatus>('/api/the-s-brain/status', { signal }),
    staleTime: 60_000,
    retry: false,
  });
