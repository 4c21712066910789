// The error monitor (spec 002 §2 'Error monitoring', §7, §8, §9; issue 32): occurrences grouped by
// fingerprint, each group with the spec's error-record fields of its latest occurrence plus its count,
// members affected, first and last seen and status. Resolving and ignoring are events (who, when, why);
// a resolved group that comes back in the same or a later app version is 'regressed'.
//   GET  /api/admin/errors?search=&severity=&status=&limit=    the groups, newest last seen first
//   GET  /api/admin/errors/{groupId}                           one group: why grouped, resolved stack, occurrences
//   GET  /api/admin/error-stats                                the cards and the top error types
//   POST /api/admin/errors/{groupId}/resolve | /ignore | /reopen   { reason }
// The spec's intervals (errors 30 s, stats 60 s, 20 s in live mode) are only the fallback while the
// admin's socket is down: each stored batch of errors sends `errors_stored` to admins' sockets.
import { z } from 'zod';

export const ERRORS_FALLBACK_MS = 30_000;
export const ERROR_STATS_FALLBACK_MS = 60_000;
export const ERRORS_LIVE_FALLBACK_MS = 20_000;
export const ERROR_GROUPS_LIMIT_DEFAULT = 100;
export const ERROR_GROUPS_LIMIT_MAX = 200;
/** The details modal's last occurrences. */
export const ERROR_OCCURRENCES_LIMIT = 20;
export const ERROR_REASON_MAX = 500;
export const ERROR_SEARCH_MAX = 200;
/** The Error Analytics tab's most common types. */
export const TOP_ERROR_TYPES = 10;

export const errorSeverities = ['critical', 'high', 'medium', 'low'] as const;
export const errorGroupStatuses = ['unresolved', 'resolved', 'ignored', 'regressed'] as const;
/** Where an error was caught: the API (a 5xx), the database, a projector or reactor, the assistant's model call, the browser. */
export const errorCategories = ['api', 'database', 'follower', 'assistant', 'browser'] as const;
export const errorSeverityFilters = ['all', ...errorSeverities] as const;
/** Spec: all / unresolved / resolved; 'unresolved' includes regressed groups, 'resolved' ignored ones too. */
export const errorStatusFilters = ['all', 'unresolved', 'resolved'] as const;

export const errorTexts = {
  title: 'Error Monitoring',
  refresh: 'Refresh',
  emptyLog: 'No recent errors',
  emptyTypes: 'No error type data available',
  tabs: { log: 'Error Log', health: 'System Health', analytics: 'Error Analytics' },
  cards: { total: 'Total Errors', unresolved: 'Unresolved', critical: 'Critical', rateChange: 'Error Rate Change' },
  searchPlaceholder: 'Search type, message or path',
  details: 'Details',
  resolve: 'Resolve',
  ignore: 'Ignore',
  reopen: 'Reopen',
  reasonLabel: 'Why',
  reasonRequired: 'Say why, in a few words',
  badGroup: 'No such error group',
  badSearch: `Search with at most ${ERROR_SEARCH_MAX} characters`,
  alreadyInStatus: 'The error group is already in that state',
  loadFailed: 'Failed to load errors',
} as const;

const groupId = z.string().regex(/^[0-9a-f]{16}$/, errorTexts.badGroup);
export const errorGroupParamsSchema = z.object({ groupId });

export const errorGroupsQuerySchema = z.object({
  search: z.string().trim().max(ERROR_SEARCH_MAX, errorTexts.badSearch).optional(),
  severity: z.enum(errorSeverityFilters).default('all'),
  status: z.enum(errorStatusFilters).default('all'),
  limit: z.coerce.number().int().min(1).max(ERROR_GROUPS_LIMIT_MAX).default(ERROR_GROUPS_LIMIT_DEFAULT),
});

export const errorGroupActionSchema = z.object({
  reason: z.string().trim().min(1, errorTexts.reasonRequired).max(ERROR_REASON_MAX),
});

/** The spec's error record (§7), of the group's latest occurrence, with the group's own figures. */
export const errorGroupSchema = z.object({
  /** The group: 16 hex digits of the fingerprint's SHA-256. */
  id: groupId,
  errorType: z.string(),
  severity: z.enum(errorSeverities),
  message: z.string(),
  category: z.enum(errorCategories),
  requestMethod: z.string().nullable(),
  requestPath: z.string().nullable(),
  userId: z.string().nullable(),
  /** The spec's flag: resolved or ignored (a regressed group is not). */
  resolved: z.boolean(),
  stackTrace: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(errorGroupStatuses),
  count: z.number().int(),
  membersAffected: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  lastAppVersion: z.string().nullable(),
});

export const stackFrameSchema = z.object({
  /** The function's name, or null for an anonymous one. */
  function: z.string().nullable(),
  /** Resolved through the source map for browser frames: a path of the repository (web/src/...). */
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  /** Our own code (not node_modules, not node: internals, not the browser's). */
  inApp: z.boolean(),
});

export const errorOccurrenceSchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  message: z.string(),
  requestMethod: z.string().nullable(),
  requestPath: z.string().nullable(),
  userId: z.string().nullable(),
  appVersion: z.string().nullable(),
});

export const errorGroupDetailSchema = z.object({
  group: errorGroupSchema,
  /** Why these occurrences are one group: the parts of the fingerprint, in words an admin reads. */
  grouping: z.object({ rule: z.enum(['frames', 'message']), parts: z.array(z.string()) }),
  /** The latest occurrence's stack, resolved; our frames marked inApp. Empty without a stack. */
  frames: z.array(stackFrameSchema),
  /** Newest first, at most ERROR_OCCURRENCES_LIMIT. */
  occurrences: z.array(errorOccurrenceSchema),
  /** Resolutions and ignores, newest first: who, when, why. */
  history: z.array(
    z.object({
      action: z.enum(['resolved', 'ignored', 'reopened']),
      by: z.string(),
      byName: z.string().nullable(),
      at: z.string(),
      reason: z.string(),
      appVersion: z.string().nullable(),
    }),
  ),
});

export const errorStatsSchema = z.object({
  totalErrors: z.number().int(),
  errorsToday: z.number().int(),
  unresolvedErrors: z.number().int(),
  criticalErrors: z.number().int(),
  /** Occurrences since midnight UTC against yesterday's up to the same time of day: the change as a count and in %, null without yesterday's. */
  errorRateChange: z.number().nullable(),
  errorCountChange: z.number().int(),
  topErrorTypes: z.array(z.object({ errorType: z.string(), count: z.number().int() })),
});

/** Sent to admins' sockets for each stored batch holding errors (any process's, at its commit). */
export type ErrorsStoredMessage = { type: 'errors_stored'; errors: number };
/** Sent to admins' sockets when an admin resolved, ignored or reopened a group (the read model's notice). */
export type ErrorGroupChangedMessage = { type: 'error_group_changed'; groupId: string };

export type ErrorSeverity = (typeof errorSeverities)[number];
export type ErrorGroupStatus = (typeof errorGroupStatuses)[number];
export type ErrorCategory = (typeof errorCategories)[number];
export type ErrorGroup = z.infer<typeof errorGroupSchema>;
export type ErrorGroupDetail = z.infer<typeof errorGroupDetailSchema>;
export type ErrorStats = z.infer<typeof errorStatsSchema>;
export type StackFrame = z.infer<typeof stackFrameSchema>;
export type ErrorGroupsQuery = z.infer<typeof errorGroupsQuerySchema>;
