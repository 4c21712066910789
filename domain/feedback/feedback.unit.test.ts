import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import { decideFeedback, evolveFeedback, FEEDBACK_EMPTY_MESSAGE, feedbackDecider, initialFeedbackState, type SubmitFeedback } from './decide.js';
import { FEEDBACK_MAX_LENGTH } from './events.js';

const submit = (message: string, extra: Partial<SubmitFeedback> = {}): SubmitFeedback => ({
  type: 'SubmitFeedback',
  feedbackId: 'f1',
  memberId: 'm1',
  message,
  ...extra,
});

const given = DeciderSpecification.for(feedbackDecider);

describe('SubmitFeedback', () => {
  it('records the trimmed message with its sender', () => {
    expect(decideFeedback(submit('  Love the calendar  ', { source: 'dashboard' }), initialFeedbackState())).toEqual([
      { type: 'FeedbackSubmitted', data: { feedbackId: 'f1', memberId: 'm1', message: 'Love the calendar', source: 'dashboard' } },
    ]);
  });

  it('refuses blank text with the dialog message', () => {
    given([]).when(submit(' \n ')).thenRefuses('VALIDATION', FEEDBACK_EMPTY_MESSAGE);
  });

  it('refuses text over the limit', () => {
    given([])
      .when(submit('x'.repeat(FEEDBACK_MAX_LENGTH + 1)))
      .thenRefuses('VALIDATION');
    expect(decideFeedback(submit('x'.repeat(FEEDBACK_MAX_LENGTH)), initialFeedbackState())).toHaveLength(1);
  });

  it('appends nothing when the same feedback is sent again', () => {
    const [event] = decideFeedback(submit('Hi'), initialFeedbackState());
    const state = evolveFeedback(initialFeedbackState(), event!);
    expect(decideFeedback(submit('Hi'), state)).toEqual([]);
  });
});
