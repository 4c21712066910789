// The dashboard (spec 000 §2): session tabs with counts, stat cards, and the sidebar (activity
// summary, recommendations, suggestions), plus streaks shown on profiles (reviews: routes/reviews.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseSessionStatus, type DashboardTab } from '../../domain/session/state.js';
import { getDashboardStats, getStreak } from '../../projections/member-stats/queries.js';
import { recommendations } from '../../projections/member-stats/recommendations.js';
import { suggestions } from '../../projections/member-stats/suggestions.js';
import { getMember } from '../../projections/members/queries.js';
import { activitySummary, dashboardCounts, dashboardSessions, tabStatuses } from '../../projections/sessions/dashboard-queries.js';
import {
  activitySummarySchema,
  dashboardCountsSchema,
  dashboardPageSchema,
  dashboardQuerySchema,
  dashboardStatsSchema,
  recommendationSchema,
  streakSchema,
  suggestionSchema,
} from '../contracts/dashboard.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http-error.js';
import { assertOwnPath, assertSelf, viewerOf } from '../session-access.js';
import { commonErrors, idParams as userParams } from './route-schemas.js';

const tags = ['dashboard'];
const errors = commonErrors;
const tabs: readonly DashboardTab[] = ['requested', 'upcoming', 'completed', 'history'];

/**
 * The spec's client sends the tab as `status`; newer callers send `tab` and may filter by a status
 * inside it. A status alone picks the tab that holds it.
 */
export const tabAndStatus = (tab: DashboardTab | undefined, status: string | undefined): { tab: DashboardTab; status?: string } => {
  const given = status?.trim() || undefined;
  if (tab) return { tab, status: given };
  if (given && (tabs as readonly string[]).includes(given)) return { tab: given as DashboardTab };
  const normalised = given ? normaliseSessionStatus(given) : null;
  const holding = normalised ? tabs.find((t) => tabStatuses[t].includes(normalised)) : undefined;
  return { tab: holding ?? 'requested', status: given };
};

export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.sql.db;
  const now = () => deps.clock().toISOString();

  app.get(
    '/api/dashboard/sessions',
    { config: { readModels: ['sessions', 'members'] }, schema: { tags, querystring: dashboardQuerySchema, response: { 200: dashboardPageSchema, ...errors } } },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      const { userId, page, limit, search, skill } = request.query;
      assertSelf(userId, viewer.memberId, 'You can only view your own dashboard');
      const { tab, status } = tabAndStatus(request.query.tab, request.query.status);
      const result = await dashboardSessions(db, { memberId: viewer.memberId, tab, page, limit, search, skill, status, timeZone: viewer.timeZone });
      return { ...result, page, totalPages: Math.max(1, Math.ceil(result.total / limit)) };
    },
  );

  app.get(
    '/api/dashboard/counts',
    { config: { readModels: ['sessions', 'members'] }, schema: { tags, response: { 200: dashboardCountsSchema, ...errors } } },
    async (request) => dashboardCounts(db, (await viewerOf(deps, request)).memberId),
  );

  app.get(
    '/api/dashboard/stats',
    { config: { readModels: ['member-stats', 'balances', 'members'] }, schema: { tags, response: { 200: dashboardStatsSchema, ...errors } } },
    async (request) => getDashboardStats(db, (await viewerOf(deps, request)).memberId),
  );

  app.get(
    '/api/users/:id/activity-summary',
    { config: { readModels: ['sessions', 'members'] }, schema: { tags, params: userParams, response: { 200: activitySummarySchema, ...errors } } },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      assertOwnPath(request.params.id, viewer.memberId);
      const summary = await activitySummary(db, viewer.memberId, now(), { timeZone: viewer.timeZone });
      return {
        upcoming: summary.upcoming,
        upcomingCount: summary.counts.upcoming,
        requestedCount: summary.counts.requested,
        completedCount: summary.counts.completed,
        actionRequired: summary.actionRequired,
      };
    },
  );

  app.get(
    '/api/users/:id/recommendations',
    { config: { readModels: ['members', 'member-stats'] }, schema: { tags, params: userParams, response: { 200: z.array(recommendationSchema), ...errors } } },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      assertOwnPath(request.params.id, viewer.memberId);
      return recommendations(db, viewer.memberId);
    },
  );

  app.get(
    '/api/users/:id/suggestions',
    // `t` is the client's cache buster; it carries no meaning here.
    {
      config: { readModels: ['member-stats', 'members'] },
      schema: { tags, params: userParams, querystring: z.object({ t: z.string().max(40).optional() }), response: { 200: z.array(suggestionSchema), ...errors } },
    },
    async (request) => {
      const viewer = await viewerOf(deps, request);
      assertOwnPath(request.params.id, viewer.memberId);
      return suggestions(db, viewer.memberId, now());
    },
  );

  const memberOr404 = async (id: string) => {
    if (!(await getMember(db, id))) throw new HttpError(404, 'User not found');
  };

  app.get(
    '/api/users/:id/streak',
    { config: { readModels: ['member-stats', 'members'] }, schema: { tags, params: userParams, response: { 200: streakSchema, ...errors } } },
    async (request) => {
      await memberOr404(request.params.id);
      return getStreak(db, request.params.id, now());
    },
  );
};
