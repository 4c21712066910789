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

/** The card's steps: 'Ask The S brain' only where the assistant is configured (the server counts the same way). */
export const shownSteps = (assistantAvailable: boolean) => onboardingSteps.filter((step) => assistantAvailable || step.key !== 'asked_ai');

export const doneCount = (steps: Onboarding['onboardingSteps'], assistantAvailable = true): number => shownSteps(assistantAvailable).filter((s) => steps[s.key]).length;

/** 'All Set' once every step shown is done (document 000 §4); nothing once dismissed or before the steps load. */
export const onboardingCardView = (
  onboarding: Pick<Onboarding, 'onboardingSteps' | 'assistantAvailable'> | undefined,
  dismissed: boolean,
): 'hidden' | 'steps' | 'all-set' => {
  if (dismissed || !onboarding) return 'hidden';
  return doneCount(onboarding.onboardingSteps, onboarding.assistantAvailable) === shownSteps(onboarding.assistantAvailable).length ? 'all-set' : 'steps';
};

/** Where the flags live: the browser's localStorage, or any store of the same shape. */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;
const browserStorage = (): FlagStorage | undefined => globalThis.localStorage;

const dismissedKey = (userId: string) => `skillswap:onboarding-dismissed:${userId}`;
const celebratedKey = (userId: string) => `skillswap:onboarding-celebrated:${userId}`;

const read = (key: string, storage: FlagStorage | undefined): boolean => {
  try {
    return storage?.getItem(key) === '1';
  } catch {
    return false;
  }
};
const write = (key: string, storage: FlagStorage | undefined): void => {
  try {
    storage?.setItem(key, '1');
  } catch {
    // Private browsing may refuse storage; the card then simply shows again next time.
  }
};

export const isDismissed = (userId: string, storage = browserStorage()) => read(dismissedKey(userId), storage);
export const rememberDismissed = (userId: string, storage = browserStorage()) => write(dismissedKey(userId), storage);

/** Fires the confetti the first time the member's steps are all done, and never again (remembered). Returns whether it fired. */
export const celebrateOnce = (userId: string, complete: boolean, fire: () => void, storage = browserStorage()): boolean => {
  if (!complete || read(celebratedKey(userId), storage)) return false;
  write(celebratedKey(userId), storage);
  fire();
  return true;
};
