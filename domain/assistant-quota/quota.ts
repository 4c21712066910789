// A member's daily allowance of questions to The S brain (issue 20 point 7), one stream per member and
// UTC day `ai-quota-{memberId}-{YYYY-MM-DD}`: an ask uses its unit in the same write that records it
// (so concurrent asks past the quota are refused at once), a mention's request uses one when the
// assistant reactor takes it up, before it calls the model. Either way a member over quota is refused
// before any call. Using a unit again for the same request appends nothing (a replayed reactor pays once).
import { DomainError, type Decider, type Event } from '../shared.js';

export type AiQuotaUsed = Event<'AiQuotaUsed', { memberId: string; day: string; requestId: string }>;
export type AiQuotaEvent = AiQuotaUsed;
export const aiQuotaEventTypes = ['AiQuotaUsed'] as const satisfies readonly AiQuotaEvent['type'][];

export interface UseAiQuota {
  type: 'UseAiQuota';
  memberId: string;
  requestId: string;
  now: string; // UTC ISO: the day is its UTC date
  /** Questions a member may ask a day (configured). */
  dailyLimit: number;
}

export interface AiQuotaState {
  requestIds: readonly string[];
}

export const AI_QUOTA_EXCEEDED_MESSAGE = 'You have asked The S brain as often as a day allows. Please try again tomorrow.';

/** The UTC date of an instant, YYYY-MM-DD; the quota's day. */
export const quotaDay = (now: string): string => {
  const ms = Date.parse(now);
  if (Number.isNaN(ms)) throw new DomainError('VALIDATION', `Invalid instant: ${now}`);
  return new Date(ms).toISOString().slice(0, 10);
};

export const aiQuotaStreamId = (memberId: string, day: string) => `ai-quota-${memberId}-${day}`;

export const evolveAiQuota = (state: AiQuotaState, event: AiQuotaEvent): AiQuotaState =>
  event.type === 'AiQuotaUsed' && !state.requestIds.includes(event.data.requestId) ? { requestIds: [...state.requestIds, event.data.requestId] } : state;

export const decideAiQuota = (command: UseAiQuota, state: AiQuotaState): AiQuotaEvent[] => {
  if (!command.memberId.trim() || !command.requestId.trim()) throw new DomainError('VALIDATION', 'A member and a request are required');
  if (state.requestIds.includes(command.requestId)) return [];
  if (state.requestIds.length >= command.dailyLimit) throw new DomainError('QUOTA_EXCEEDED', AI_QUOTA_EXCEEDED_MESSAGE);
  return [{ type: 'AiQuotaUsed', data: { memberId: command.memberId, day: quotaDay(command.now), requestId: command.requestId } }];
};

export const aiQuotaDecider: Decider<AiQuotaState, UseAiQuota, AiQuotaEvent> = {
  initialState: () => ({ requestIds: [] }),
  evolve: evolveAiQuota,
  decide: decideAiQuota,
};

export const questionsLeft = (state: AiQuotaState, dailyLimit: number): number => Math.max(0, dailyLimit - state.requestIds.length);
