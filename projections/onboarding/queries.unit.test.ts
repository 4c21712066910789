// Document 000 §4: 'All Set' once every step is done. Asking The S brain is a step only where the assistant
// is configured: without it no ask is ever recorded, and the card could never be complete.
import { describe, expect, it } from 'vitest';
import { summariseOnboarding, type OnboardingSteps } from './queries.js';

const allBut = (missing: keyof OnboardingSteps | null): OnboardingSteps => ({
  completed_profile: true,
  added_skills: true,
  set_availability: true,
  shared_post: true,
  asked_ai: true,
  scheduled_session: true,
  ...(missing ? { [missing]: false } : {}),
});

describe('the onboarding summary', () => {
  it('is complete without asking The S brain where the assistant is not configured', () => {
    expect(summariseOnboarding(allBut('asked_ai'), false, false)).toMatchObject({ completedSteps: 5, totalSteps: 5, complete: true, assistantAvailable: false });
  });

  it('counts asking The S brain, of six steps, where the assistant is configured', () => {
    expect(summariseOnboarding(allBut('asked_ai'), false, true)).toMatchObject({ completedSteps: 5, totalSteps: 6, complete: false, assistantAvailable: true });
    expect(summariseOnboarding(allBut(null), true, true)).toMatchObject({ completedSteps: 6, totalSteps: 6, complete: true, hasSeenWelcomeTour: true });
  });

  it('still needs every other step either way', () => {
    for (const assistant of [false, true]) expect(summariseOnboarding(allBut('shared_post'), false, assistant).complete).toBe(false);
  });
});
