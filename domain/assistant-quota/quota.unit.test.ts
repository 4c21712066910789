import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import { AI_QUOTA_EXCEEDED_MESSAGE, aiQuotaDecider, aiQuotaStreamId, questionsLeft, quotaDay, type AiQuotaEvent, type UseAiQuota } from './quota.js';

const NOW = '2026-03-02T23:59:00.000Z';
const use = (requestId: string, dailyLimit = 2): UseAiQuota => ({ type: 'UseAiQuota', memberId: 'm1', requestId, now: NOW, dailyLimit });
const used = (requestId: string): AiQuotaEvent => ({ type: 'AiQuotaUsed', data: { memberId: 'm1', day: '2026-03-02', requestId } });
const given = DeciderSpecification.for(aiQuotaDecider);

describe('the daily quota of questions to The S brain', () => {
  it('uses one unit per request on the UTC day of the request', () => {
    given([])
      .when(use('r1'))
      .then([used('r1')]);
    expect(aiQuotaStreamId('m1', quotaDay(NOW))).toBe('ai-quota-m1-2026-03-02');
    expect(quotaDay('2026-03-03T00:00:00.000Z')).toBe('2026-03-03');
  });

  it('refuses a request past the limit with a clear message, and counts a replayed request once', () => {
    given([used('r1'), used('r2')])
      .when(use('r3'))
      .thenRefuses('QUOTA_EXCEEDED', AI_QUOTA_EXCEEDED_MESSAGE);
    given([used('r1'), used('r2')])
      .when(use('r2'))
      .then([]);
    const state = [used('r1'), used('r1')].reduce(aiQuotaDecider.evolve, aiQuotaDecider.initialState());
    expect(questionsLeft(state, 2)).toBe(1);
  });

  it('refuses everything when the limit is 0', () => {
    given([]).when(use('r1', 0)).thenRefuses('QUOTA_EXCEEDED');
  });
});
