// The welcome tour's slides (document 001 §2.9), with the numbers they quote taken from the domain so the
// tour never promises other points than a newcomer gets. No zod: the dashboard's chunk reads it.
import { WELCOME_BONUS } from '../../domain/ledger/events.js';
import { THE_S_BRAIN_NAME } from '../../domain/post/rules.js';

export type WelcomeTourIcon = 'welcome' | 'points' | 'sessions' | 'assistant';

export interface WelcomeTourSlide {
  id: WelcomeTourIcon;
  title: string;
  text: string;
}

export const welcomeTourSlides: readonly WelcomeTourSlide[] = [
  {
    id: 'welcome',
    title: 'Welcome to SkillSwap',
    text: 'Trade what you know for what you want to learn. Teach a skill you are good at, and learn from members who know what you are after.',
  },
  {
    id: 'points',
    title: 'Points-Based Learning',
    text: `Everyone starts with ${WELCOME_BONUS} points. Earn a point for every hour you teach, and spend a point for every hour you learn.`,
  },
  {
    id: 'sessions',
    title: 'Book Real Sessions',
    text: 'Find a mentor, pick a time that suits you both, and meet in a live video session.',
  },
  {
    id: 'assistant',
    title: `Meet ${THE_S_BRAIN_NAME}`,
    text: `Stuck on something? Mention @${THE_S_BRAIN_NAME} in any comment on the feed and it will answer in the thread.`,
  },
];

export const welcomeTourTexts = {
  back: 'Back',
  skip: 'Skip tour',
  next: 'Next',
  finish: 'Get Started',
  goTo: (n: number) => `Go to slide ${n}`,
} as const;
