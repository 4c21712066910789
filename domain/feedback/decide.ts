// The feedback decider: a member sends one message per stream; the text is trimmed, must not be
// empty and is bounded. Sending the same feedback id again appends nothing (a retried request).
import { DomainError, type Decider } from '../shared.js';
import { FEEDBACK_MAX_LENGTH, type FeedbackEvent } from './events.js';

export interface SubmitFeedback {
  type: 'SubmitFeedback';
  feedbackId: string;
  memberId: string;
  message: string;
  source?: string | null | undefined;
}

export interface FeedbackState {
  submitted: boolean;
}

export const FEEDBACK_EMPTY_MESSAGE = 'Please enter your feedback before sending.';
export const FEEDBACK_TOO_LONG_MESSAGE = `Feedback is at most ${FEEDBACK_MAX_LENGTH} characters`;

export const initialFeedbackState = (): FeedbackState => ({ submitted: false });

export const evolveFeedback = (state: FeedbackState, event: FeedbackEvent): FeedbackState => (event.type === 'FeedbackSubmitted' ? { submitted: true } : state);

export const decideFeedback = (command: SubmitFeedback, state: FeedbackState): FeedbackEvent[] => {
  if (state.submitted) return [];
  if (!command.feedbackId.trim() || !command.memberId.trim()) throw new DomainError('VALIDATION', 'A feedback id and a member are required');
  const message = command.message.trim();
  if (!message) throw new DomainError('VALIDATION', FEEDBACK_EMPTY_MESSAGE);
  if (message.length > FEEDBACK_MAX_LENGTH) throw new DomainError('VALIDATION', FEEDBACK_TOO_LONG_MESSAGE);
  const source = command.source?.trim().slice(0, 40) || null;
  return [{ type: 'FeedbackSubmitted', data: { feedbackId: command.feedbackId, memberId: command.memberId, message, source } }];
};

export const feedbackDecider: Decider<FeedbackState, SubmitFeedback, FeedbackEvent> = {
  initialState: initialFeedbackState,
  evolve: evolveFeedback,
  decide: decideFeedback,
};
