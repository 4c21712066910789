// Every write of a booking is named by its session and its step, by both writers and the reconciler,
// so that its event ids (runtime/run-step.ts) are the same whichever path wrote it first.
import type { RunContext, StepContext } from '../runtime/types.js';

export const step = (run: RunContext, plan: { sessionId: string }, name: string): StepContext => ({
  ...run,
  step: `booking:${plan.sessionId}:${name}`,
});
