// The kysely Database interface of the read side: every read model's tables (each read model's own
// interface is in its tables.ts). Queries take a Kysely<ReadModelsDb>: kysely's types are invariant
// in the Database type, so one interface for all queries lets one query call another and join the
// tables of another read model (sessions show members' names, members their balances).
import type { AdminActivitiesDb } from './admin-activities/tables.js';
import type { AdminUsersDb } from './admin-users/tables.js';
import type { AiAnalyticsDb } from './ai-analytics/tables.js';
import type { AiInvocationsDb, AssistantCommentsDb } from './assistant/tables.js';
import type { BalancesDb } from './balances/tables.js';
import type { ErrorGroupsDb } from './error-groups/tables.js';
import type { FeatureVotesDb } from './feature-votes/tables.js';
import type { FeedDb } from './feed/tables.js';
import type { LedgerTransactionsDb } from './ledger-transactions/tables.js';
import type { MemberStatsDb } from './member-stats/tables.js';
import type { MessagingDb } from './messaging/tables.js';
import type { MembersDb } from './members/tables.js';
import type { NotificationsDb } from './notifications/tables.js';
import type { OnboardingDb } from './onboarding/tables.js';
import type { SessionsDb } from './sessions/tables.js';
import type { SkillCatalogueDb } from './skill-catalogue/tables.js';
import type { SkillLikesDb } from './skill-likes/tables.js';
import type { SkillSearchDb } from './skill-search/tables.js';

export type ReadModelsDb = MembersDb &
  BalancesDb &
  LedgerTransactionsDb &
  SessionsDb &
  MemberStatsDb &
  NotificationsDb &
  SkillLikesDb &
  OnboardingDb &
  SkillCatalogueDb &
  FeedDb &
  AiInvocationsDb &
  AssistantCommentsDb &
  MessagingDb &
  SkillSearchDb &
  AdminActivitiesDb &
  AdminUsersDb &
  FeatureVotesDb &
  AiAnalyticsDb &
  ErrorGroupsDb;

/**
 * The read models' names (each projector's `name`), which API routes declare they read
 * (`config: { readModels }`, api/plugins/catching-up.ts); test/api/catching-up.int.test.ts holds the
 * list to all-projectors.ts.
 */
export const readModelNames = [
  'members',
  'balances',
  'ledger-transactions',
  'sessions',
  'member-stats',
  'notifications',
  'skill-likes',
  'onboarding',
  'skill-catalogue',
  'feed',
  'ai-invocations',
  'assistant-comments',
  'messaging',
  'skill-search',
  'admin-activities',
  'admin-users',
  'feature-votes',
  'ai-analytics',
  'error-groups',
] as const;

export type ReadModelName = (typeof readModelNames)[number];
