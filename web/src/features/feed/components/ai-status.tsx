// The post's AI status (spec 001 §2.6): thinking (with the answer as it grows), complete (clears after
// 3 s), or error with the spec's text. 'complete' clears here, on every path (issue 29 item 9): a live
// message's 3 s run from its arrival (clearAt, kept across a remount), a read one's from when it shows, as
// the list it came from may say 'complete' for a while yet and was the one thing clearing it before.
import { AlertTriangle, CheckCircle2, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { AI_STATUS_CLEAR_MS, feedTexts, THE_S_BRAIN_NAME } from '../feed-constants';
import type { PostCard } from '../api/feed-view';
import { useFeedUi } from '../feed-store';

/** The live status when one arrived since the page loaded, else the one the post was read with. */
export const AiStatusLine = ({ post }: { post: PostCard }) => {
  const live = useFeedUi((s) => s.aiStatus[post.id]);
  const setAiStatus = useFeedUi((s) => s.setAiStatus);
  const ai = live !== undefined ? live : post.ai_status && { status: post.ai_status, message: post.ai_status_message };
  const clearAt = ai?.status === 'complete' ? (live?.clearAt ?? null) : undefined;
  useEffect(() => {
    if (clearAt === undefined) return;
    // null: 'complete' as read; the store's null then hides it whatever later reads say.
    const timer = setTimeout(() => setAiStatus(post.id, null), clearAt === null ? AI_STATUS_CLEAR_MS : Math.max(0, clearAt - Date.now()));
    return () => clearTimeout(timer);
  }, [clearAt, post.id, setAiStatus]);
  if (!ai) return null;
  return (
    <div role="status" data-testid="ai-status" data-status={ai.status} className="rounded-xl bg-violet-50 px-3 py-2 text-sm text-violet-900">
      {ai.status === 'thinking' && (
        <>
          <p className="flex items-center gap-2 font-medium">
            <Sparkles className="h-4 w-4 animate-pulse" /> {THE_S_BRAIN_NAME} is thinking…
          </p>
          {ai.message && (
            <p className="mt-1 whitespace-pre-wrap text-violet-800" data-testid="ai-partial">
              {ai.message}
            </p>
          )}
        </>
      )}
      {ai.status === 'complete' && (
        <p className="flex items-center gap-2 font-medium">
          <CheckCircle2 className="h-4 w-4" /> {feedTexts.aiResponded}
        </p>
      )}
      {ai.status === 'error' && (
        <p className="flex items-center gap-2 font-medium text-red-700">
          <AlertTriangle className="h-4 w-4" /> {ai.message ?? feedTexts.aiTrouble}
        </p>
      )}
    </div>
  );
};
