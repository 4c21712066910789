// The dashboard's secondary column: onboarding, feedback, suggestions and recommendations. A chunk of its
// own, loaded and drawn after the page's first render, so the greeting, stats, summary and sessions are
// not held up by it (issue 19 point 18: one long render task was most of the dashboard's blocking time).
import { FeedbackButton } from '@/features/feedback/components/feedback-button';
import { onboardingQuery } from '@/features/onboarding/api/onboarding-api';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { WelcomeTourGate } from '@/features/onboarding/components/welcome-tour-gate';
import { recommendationsQuery, suggestionsQuery } from '@/features/recommendations/api/recommendations-api';
import { RecommendedSkills } from '@/features/recommendations/components/recommended-skills';
import { SuggestionsCarousel } from '@/features/recommendations/components/suggestions-carousel';
import type { FirstRead } from './first-load';

export const DashboardSidebar = ({ userId }: { userId: string }) => (
  <>
    <OnboardingCard userId={userId} />
    <WelcomeTourGate userId={userId} />
    <FeedbackButton />
    <SuggestionsCarousel userId={userId} />
    <RecommendedSkills userId={userId} />
  </>
);

/** The sidebar's reads: the dashboard draws the sidebar once they are in (dashboard-route.tsx). */
export const sidebarReads = (userId: string): FirstRead[] => [onboardingQuery(userId), suggestionsQuery(userId), recommendationsQuery(userId)];
