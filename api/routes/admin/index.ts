// The /api/admin scope (DESIGN.md §12): every admin route is registered here, after the one guard, so
// none answers a member. A member route that merely shows more to admins stays where it is and reads
// `request.isAdmin` (plugins/admin-rights.ts); a route that only admins may call belongs here.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { adminActivitiesRoutes } from './admin-activities.js';
import { adminActivityRoutes } from './activities.js';
import { adminAiAnalyticsRoutes } from './ai-analytics.js';
import { adminAuditRoutes, type AuditOperations } from './audit.js';
import type { AdminOperations } from './admin-operations.js';
import { guardAdminScope } from './autohooks.js';
import { adminCorrectionRoutes } from './corrections.js';
import { adminEvidenceRoutes } from './evidence.js';
import { adminErrorRoutes } from './errors.js';
import { adminFeatureStatusRoutes } from './feature-status.js';
import { adminHealthMetricsRoutes } from './health-metrics.js';
import type { HealthChecker } from '../../metrics/health-check.js';
import { adminHeatmapRoutes } from './heatmap.js';
import { adminLedgerMovementRoutes, type LedgerMovementOperations } from './ledger-movements.js';
import { adminLedgerAuditRoutes } from './ledger-audit.js';
import type { LedgerAuditOperations } from '../../ledger-audit/create-ledger-audit.js';
import { adminMeRoutes } from './me.js';
import { adminOperationRoutes } from './operations.js';
import { adminStatsRoutes } from './stats.js';
import { adminTestEmailRoutes } from './test-email.js';
import { adminUserRoutes } from './users.js';

export const ADMIN_PREFIX = '/api/admin';

export interface AdminScopeOptions {
  deps: AppDeps;
  operations: AdminOperations;
  /** The event browser's and time travel's reads, and a ledger's movements (api/operations.ts: readLog, stateAt, readStream). */
  audit: AuditOperations & LedgerMovementOperations;
  /** The server's admin list (ADMIN_EMAILS): the directory's Admin badge. */
  adminEmails: readonly string[];
  /** The health grade and its checks (api/metrics/health-check.ts). */
  checkHealth: HealthChecker;
  /** The ledger audit (api/ledger-audit/); null where the app was built without one (its routes are then absent). */
  ledgerAudit: LedgerAuditOperations | null;
}

export const adminScope: FastifyPluginAsync<AdminScopeOptions> = async (scope, { deps, operations, audit, adminEmails, checkHealth, ledgerAudit }) => {
  guardAdminScope(scope);
  await scope.register(adminMeRoutes, { deps });
  await scope.register(adminOperationRoutes, { operations });
  await scope.register(adminTestEmailRoutes, { deps });
  await scope.register(adminActivitiesRoutes, { deps });
  await scope.register(adminActivityRoutes, { deps });
  await scope.register(adminUserRoutes, { deps, adminEmails });
  await scope.register(adminFeatureStatusRoutes, { deps });
  await scope.register(adminStatsRoutes, { deps });
  await scope.register(adminAiAnalyticsRoutes, { deps });
  await scope.register(adminHealthMetricsRoutes, { deps, checkHealth });
  await scope.register(adminHeatmapRoutes, { deps });
  await scope.register(adminCorrectionRoutes, { deps });
  await scope.register(adminEvidenceRoutes, { deps });
  await scope.register(adminErrorRoutes, { deps });
  await scope.register(adminAuditRoutes, { operations: audit });
  await scope.register(adminLedgerMovementRoutes, { deps, operations: audit });
  if (ledgerAudit) await scope.register(adminLedgerAuditRoutes, { ledgerAudit });
};
