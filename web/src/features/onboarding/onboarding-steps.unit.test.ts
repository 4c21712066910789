// Spec 000 §4: the onboarding card is complete when all 6 steps are done; then it shows 'All Set', fires
// the confetti once, and offers a dismiss remembered in local storage. The numbers are written out here.
import { describe, expect, it } from 'vitest';
import type { Onboarding } from '@contracts/dashboard';
import { celebrateOnce, isDismissed, onboardingCardView, onboardingSteps, rememberDismissed, shownSteps, type FlagStorage } from './onboarding-steps';

/** A Storage of the browser's shape, kept in memory (vitest's unit tier runs in node, without localStorage). */
const memoryStorage = (): FlagStorage & { keys(): string[] } => {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), keys: () => [...items.keys()] };
};

const stepsDone = (count: number) => Object.fromEntries(onboardingSteps.map((step, i) => [step.key, i < count])) as Onboarding['onboardingSteps'];
const withAssistant = (onboardingSteps: Onboarding['onboardingSteps']) => ({ onboardingSteps, assistantAvailable: true });

describe('the onboarding card', () => {
  it('has 6 steps', () => {
    expect(onboardingSteps).toHaveLength(6);
  });

  it("shows the steps until all 6 are done, then 'All Set', where the assistant is configured", () => {
    expect(onboardingCardView(withAssistant(stepsDone(0)), false)).toBe('steps');
    expect(onboardingCardView(withAssistant(stepsDone(5)), false)).toBe('steps');
    expect(onboardingCardView(withAssistant(stepsDone(6)), false)).toBe('all-set');
  });

  it("leaves out 'Ask The S brain' where the assistant is not configured, so 'All Set' comes after the other 5", () => {
    const noAsk = { ...stepsDone(6), asked_ai: false };
    expect(shownSteps(false).map((s) => s.key)).not.toContain('asked_ai');
    expect(shownSteps(false)).toHaveLength(5);
    expect(onboardingCardView({ onboardingSteps: noAsk, assistantAvailable: false }, false)).toBe('all-set');
    expect(onboardingCardView({ onboardingSteps: noAsk, assistantAvailable: true }, false)).toBe('steps');
    expect(onboardingCardView({ onboardingSteps: { ...noAsk, shared_post: false }, assistantAvailable: false }, false)).toBe('steps');
  });

  it('shows nothing once dismissed, or before the steps load', () => {
    expect(onboardingCardView(withAssistant(stepsDone(6)), true)).toBe('hidden');
    expect(onboardingCardView(undefined, false)).toBe('hidden');
  });

  it('fires the confetti once, when complete, per member', () => {
    const storage = memoryStorage();
    let fired = 0;
    const fire = () => void fired++;
    expect(celebrateOnce('ann', false, fire, storage)).toBe(false);
    expect(celebrateOnce('ann', true, fire, storage)).toBe(true);
    expect(celebrateOnce('ann', true, fire, storage)).toBe(false);
    expect(fired).toBe(1);
    expect(celebrateOnce('bob', true, fire, storage)).toBe(true);
    expect(fired).toBe(2);
  });

  it('remembers the dismiss in storage, per member', () => {
    const storage = memoryStorage();
    expect(isDismissed('ann', storage)).toBe(false);
    rememberDismissed('ann', storage);
    expect(isDismissed('ann', storage)).toBe(true);
    expect(isDismissed('bob', storage)).toBe(false);
    // Read back by a fresh page load: the flag is in the storage, not in memory of the module.
    expect(storage.keys()).toContain('skillswap:onboarding-dismissed:ann');
  });

  it('works without storage (private browsing): the card simply shows again', () => {
    expect(isDismissed('ann', undefined)).toBe(false);
    expect(() => rememberDismissed('ann', undefined)).not.toThrow();
  });
});
