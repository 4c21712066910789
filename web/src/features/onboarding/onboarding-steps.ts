// Document 001 §2.9: six steps, each with where to go to do it; local flags for the dismiss and
// for the confetti, which fires once.
import type { Onboarding } from '@contracts/dashboard';

export type StepKey = keyof Onboarding['onboardingSteps'];

export const onboardingSteps: readonly { key: StepKey; label: string; to: string }[] = [
  { key: 'completed_profile', label: 'Complete your profile', to: '/profile' },
  { key: 'added_skills', label: 'Add a skill you can teach', to: '/profile' },
  { key: 'set_availability', label: 'Set your availability', to: '/profile' },
  { key: 'shared_post', label: 'Share a post with the community', to: '/feed' },
  { key: 'asked_ai', label: 'Ask The S brain a question', to: '/feed' },
  { key: 'scheduled_session', label: 'Schedule your first session', to: '/search' },
];

export const doneCount = (steps: Onboarding['onboardingSteps']): number => onboardingSteps.filter((s) => steps[s.key]).length;

const dismissedKey = (userId: string) => `skillswap:onboarding-dismissed:${userId}`;
const celebratedKey = (userId: string) => `skillswap:onboarding-celebrated:${userId}`;

const read = (key: string): boolean => {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};
const write = (key: string): void => {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // Private browsing may refuse storage; the card then simply shows again next time.
  }
};

export const isDismissed = (userId: string) => read(dismissedKey(userId));
export const rememberDismissed = (userId: string) => write(dismissedKey(userId));
export const wasCelebrated = (userId: string) => read(celebratedKey(userId));
export const rememberCelebrated = (userId: string) => write(celebratedKey(userId));
