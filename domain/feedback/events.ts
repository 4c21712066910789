// Events of a feedback stream `feedback-{feedbackId}` ('Share Your Feedback', spec 001 §2.10).
// One stream per message: feedback is never edited, and admins read it through a read model.
import type { Event } from '../shared.js';

/** The dialog's limit on our side; the spec only asks for non-empty trimmed text. */
export const FEEDBACK_MAX_LENGTH = 2000;

export type FeedbackSubmitted = Event<
  'FeedbackSubmitted',
  {
    feedbackId: string;
    memberId: string;
    message: string;
    /** Where the dialog was opened (feed, dashboard), when the client says. */
    source: string | null;
  }
>;

export type FeedbackEvent = FeedbackSubmitted;

export const feedbackEventTypes = ['FeedbackSubmitted'] as const satisfies readonly FeedbackEvent['type'][];

export const feedbackStreamId = (feedbackId: string) => `feedback-${feedbackId}`;
