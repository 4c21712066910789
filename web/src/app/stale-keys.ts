// The one map from a change to the queries it makes stale: every owner of query keys contributes its
// part, built from its own key factory. The websocket applies it to the changes the server announces,
// and mutations to their own writes (through StaleKeysContext). A new feature with cached reads adds
// its StaleKeys here; 'members' (the directory) and 'admin' changes have no reader yet.
import { memberProfileStaleKeys } from '@/lib/member-profile';
import { combineStaleKeys, currentUserStaleKeys } from '@/lib/stale-keys';
import { bookingStaleKeys } from '@/features/booking/api/keys';
import { dashboardStaleKeys } from '@/features/dashboard/api/keys';
import { featureVoteStaleKeys } from '@/features/feature-votes/api/keys';
import { feedStaleKeys } from '@/features/feed/api/keys';
import { memberStaleKeys } from '@/features/members/api/keys';
import { messagingStaleKeys } from '@/features/messaging/api/keys';
import { notificationStaleKeys } from '@/features/notifications/api/keys';
import { onboardingStaleKeys } from '@/features/onboarding/api/keys';
import { recommendationStaleKeys } from '@/features/recommendations/api/keys';
import { reviewStaleKeys } from '@/features/reviews/api/keys';
import { sessionStaleKeys } from '@/features/sessions/api/keys';
import { skillSearchStaleKeys } from '@/features/skill-search/api/keys';

export const appStaleKeys = combineStaleKeys(
  currentUserStaleKeys,
  memberProfileStaleKeys,
  memberStaleKeys,
  bookingStaleKeys,
  sessionStaleKeys,
  dashboardStaleKeys,
  notificationStaleKeys,
  onboardingStaleKeys,
  recommendationStaleKeys,
  feedStaleKeys,
  messagingStaleKeys,
  reviewStaleKeys,
  skillSearchStaleKeys,
  featureVoteStaleKeys,
);
