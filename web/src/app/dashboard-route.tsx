// The dashboard is drawn by several features; the app composes them so no feature imports another.
// Its notification bell is the nav bar's (spec 000 §2): a second one beside the greeting only repeated it.
import { useCurrentUser } from '@/lib/current-user';
import { DashboardPage } from '@/features/dashboard/routes/dashboard-page';
import { FeedbackButton } from '@/features/feedback/components/feedback-button';
import { OnboardingCard } from '@/features/onboarding/components/onboarding-card';
import { RecommendedSkills } from '@/features/recommendations/components/recommended-skills';
import { SuggestionsCarousel } from '@/features/recommendations/components/suggestions-carousel';
import { SessionCard } from '@/features/sessions/components/session-card';

export const DashboardRoute = () => {
  const { data: me } = useCurrentUser();
  return (
    <DashboardPage
      renderSession={(session, { viewerId, highlighted, showTab }) => (
        <SessionCard session={session} viewerId={viewerId} highlighted={highlighted} onApproved={() => showTab('upcoming')} />
      )}
      sidebar={
        me && (
          <>
            <OnboardingCard userId={me.id} />
            <FeedbackButton />
            <SuggestionsCarousel userId={me.id} />
            <RecommendedSkills userId={me.id} />
          </>
        )
      }
    />
  );
};
