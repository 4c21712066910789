// The dashboard's secondary column: onboarding, feedback, suggestions and recommendations. A chunk of its
// own, loaded and drawn after the page's first render, so the greeting, stats, summary and sessions are
// not held up by it (issue 19 point 18: one long render task was most of the dashboard's blocking time).
import { FeedbackButton } from '@/features/feedback/components/feedback-button';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { WelcomeTourGate } from '@/features/onboarding/components/welcome-tour-gate';
import { RecommendedSkills } from '@/features/recommendations/components/recommended-skills';
import { SuggestionsCarousel } from '@/features/recommendations/components/suggestions-carousel';

export const DashboardSidebar = ({ userId }: { userId: string }) => (
  <>
    <OnboardingCard userId={userId} />
    <WelcomeTourGate userId={userId} />
    <FeedbackButton />
    <SuggestionsCarousel userId={userId} />
    <RecommendedSkills userId={userId} />
  </>
);
