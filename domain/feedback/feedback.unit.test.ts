import { describe, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import { FEEDBACK_EMPTY_MESSAGE, feedbackDecider, type SubmitFeedback } from './decide.js';
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
    given([])
      .when(submit('  Love the calendar  ', { source: 'dashboard' }))
      .then([{ type: 'FeedbackSubmitted', data: { feedbackId: 'f1', memberId: 'm1', message: 'Love the calendar', source: 'dashboard' } }]);
  });

  it('refuses blank text with the dialog message', () => {
    given([]).when(submit(' \n ')).thenRefuses('VALIDATION', FEEDBACK_EMPTY_MESSAGE);
  });

  it('refuses text over the limit', () => {
    given([])
      .when(submit('x'.repeat(FEEDBACK_MAX_LENGTH + 1)))
      .thenRefuses('VALIDATION');
    given([])
      .when(submit('x'.repeat(FEEDBACK_MAX_LENGTH)))
      .thenMatches([{ type: 'FeedbackSubmitted' }]);
  });

  it('appends nothing when the same feedback is sent again', () => {
    const sent = given([])
      .when(submit('Hi'))
      .thenMatches([{ type: 'FeedbackSubmitted' }]);
    given(sent).when(submit('Hi')).then([]);
  });
});
