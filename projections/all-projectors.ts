// Every read model the runtime maintains; order is the order of start-up and of `npm run rebuild`.
import { adminActivitiesProjector } from './admin-activities/projector.js';
import { adminUsersProjector } from './admin-users/projector.js';
import { aiAnalyticsProjector } from './ai-analytics/projector.js';
import { aiInvocationsProjector } from './assistant/invocations-projector.js';
import { assistantCommentsProjector } from './assistant/comments-projector.js';
import { balancesProjector } from './balances/projector.js';
import { errorGroupsProjector } from './error-groups/projector.js';
import { featureVotesProjector } from './feature-votes/projector.js';
import { feedProjector } from './feed/projector.js';
import { ledgerTransactionsProjector } from './ledger-transactions/projector.js';
import { membersProjector } from './members/projector.js';
import { messagingProjector } from './messaging/projector.js';
import { memberStatsProjector } from './member-stats/projector.js';
import { notificationsProjector } from './notifications/projector.js';
import { onboardingProjector } from './onboarding/projector.js';
import { sessionsProjector } from './sessions/projector.js';
import { skillCatalogueProjector } from './skill-catalogue/projector.js';
import { skillLikesProjector } from './skill-likes/projector.js';
import { skillSearchProjector } from './skill-search/projector.js';
import type { Projector } from './types.js';

export const allProjectors: Projector[] = [
  membersProjector,
  balancesProjector,
  ledgerTransactionsProjector,
  sessionsProjector,
  memberStatsProjector,
  notificationsProjector,
  skillLikesProjector,
  onboardingProjector,
  skillCatalogueProjector,
  feedProjector,
  aiInvocationsProjector,
  assistantCommentsProjector,
  messagingProjector,
  skillSearchProjector,
  adminActivitiesProjector,
  adminUsersProjector,
  featureVotesProjector,
  aiAnalyticsProjector,
  errorGroupsProjector,
];
