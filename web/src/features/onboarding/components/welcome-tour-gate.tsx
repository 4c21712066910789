// Shows the welcome tour to a member who has not seen it (hasSeenWelcomeTour false), on the dashboard. The
// dialog's code loads only then; the onboarding read is the card's, so the gate costs no request.
import { lazy, Suspense, useState } from 'react';
import { useMarkWelcomeTourSeen, useOnboarding } from '../api/onboarding-api';

const WelcomeTour = lazy(async () => ({ default: (await import('./welcome-tour')).WelcomeTour }));

export const WelcomeTourGate = ({ userId }: { userId: string }) => {
  const onboarding = useOnboarding(userId);
  const markSeen = useMarkWelcomeTourSeen(userId);
  // Closed at once on this page, whether or not the server has answered yet.
  const [closed, setClosed] = useState(false);
  if (closed || !onboarding.data || onboarding.data.hasSeenWelcomeTour) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeTour
        onDone={() => {
          setClosed(true);
          markSeen.mutate();
        }}
      />
    </Suspense>
  );
};
