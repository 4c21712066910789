// A post's live messages while its card is on screen (document 002: subscribe_post, then new_comment
// and ai_status for it). 'changed' notices reach the feed's query keys through the app's stale-keys
// map; these two need the post's own listeners: the AI's status lives in the feed's UI store, and a
// new comment refreshes the post's comments at once.
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { getLiveSocket } from '@/lib/live-socket';
import type { PostMessage } from '@/lib/live-socket';
import { StaleKeysContext } from '@/lib/stale-keys';
import { feedKeys } from '../api/keys';
import { AI_STATUS_CLEAR_MS } from '../feed-constants';
import type { AiStatus } from '../feed-constants';
import { useFeedUi } from '../feed-store';

const statuses: readonly string[] = ['thinking', 'complete', 'error'];
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
/** Thinking shows the answer so far (`partial`), an error its text (`message`): api/contracts/assistant.ts. */
const textOf = (message: PostMessage): string | null => (message.status === 'error' ? text(message.message) : (text(message.partial) ?? text(message.message)));

export const usePostLive = (postId: string, active: boolean) => {
  const queryClient = useQueryClient();
  const staleKeys = useContext(StaleKeysContext);
  useEffect(() => {
    if (!active || !staleKeys) return;
    const { setAiStatus } = useFeedUi.getState();
    const unsubscribe = getLiveSocket(queryClient, staleKeys).subscribePost(postId, (message) => {
      if (message.type === 'new_comment') {
        void queryClient.invalidateQueries({ queryKey: feedKeys.post(postId) });
        void queryClient.invalidateQueries({ queryKey: feedKeys.lists });
      }
      if (message.type === 'ai_status' && typeof message.status === 'string' && statuses.includes(message.status)) {
        const status = message.status as AiStatus;
        // Spec 001 §2.6: complete clears after 3 seconds (AiStatusLine's timer, which outlives this card's socket).
        setAiStatus(postId, { status, message: textOf(message), ...(status === 'complete' && { clearAt: Date.now() + AI_STATUS_CLEAR_MS }) });
      }
    });
    return unsubscribe;
  }, [postId, active, queryClient, staleKeys]);
};
