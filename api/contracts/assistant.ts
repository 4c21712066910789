// The S brain's calls (spec 001 §7 'AI assistant') and its live message (spec 002 `ai_status`). The ask
// and feedback bodies are declared with the feed's shapes (feed.ts) and re-exported here, so the routes
// and the web client of the assistant import one file.
import { z } from 'zod';
import { AI_STATUSES } from './feed.js';

export {
  aiAskBodySchema,
  aiFeedbackBodySchema,
  aiFeedbackStatsSchema,
  AI_STATUSES,
  type AiAskBody,
  type AiFeedbackBody,
  type AiFeedbackStats,
  type AiStatus,
} from './feed.js';

export const assistantTexts = {
  unavailable: 'The S brain is not available on this server.',
  asked: 'The S brain is thinking about it. Its reply will appear below.',
} as const;

/** GET /api/the-s-brain/status: whether the assistant answers here, and the member's questions left today. */
export const assistantStatusSchema = z.object({
  available: z.boolean(),
  /** The model answering, or null when unavailable. */
  model: z.string().nullable(),
  dailyQuota: z.number().int(),
  questionsLeft: z.number().int(),
  /** Shown by the UI when unavailable. */
  message: z.string().nullable(),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/** POST /api/the-s-brain/ask answers once the request is recorded; the reply arrives live (ai_status, then new_comment). */
export const aiAskResultSchema = z.object({
  requestId: z.string(),
  postId: z.string(),
  response: z.null(),
  message: z.string(),
});
export type AiAskResult = z.infer<typeof aiAskResultSchema>;

/** POST /api/ai/feedback. */
export const aiFeedbackResultSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * The `ai_status` live message to the sockets subscribed to a post: 'thinking' (with the growing answer
 * in `partial`, at most every 0.5 s), then 'complete' (the client clears it after AI_STATUS_CLEAR_MS)
 * or 'error' with the spec's text in `message`. A type, not an interface: a live payload (LivePayload,
 * contracts/live.ts) is an open record.
 */
export type AiStatusMessage = {
  type: 'ai_status';
  postId: string;
  requestId: string;
  status: (typeof AI_STATUSES)[number];
  message: string | null;
  /** The answer so far while thinking (cut to fit one NOTIFY); the comment carries all of it. */
  partial: string | null;
  /** The answer's comment, on complete. */
  commentId: string | null;
};
