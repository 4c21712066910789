// Lists of recent items (Live Activity, an error group's last occurrences, the heat map's dots) read the
// newest raw rows by index with a limit: the primary key, or (path | fingerprint, id desc). Counts and
// charts read the rollups instead, never a count over raw rows.
import { sql, type Kysely } from 'kysely';
import { TELEMETRY_TABLES as T } from './tables.js';
import type { ErrorOccurrence, InteractionPoint, MetricSample, PageViewPoint, SignInPoint } from './types.js';

export const RECENT_LIMIT_MAX = 1000;
const bounded = (limit: number) => Math.max(1, Math.min(Math.floor(limit), RECENT_LIMIT_MAX));

type WithId<P> = P & { id: number };

/** The newest page views and navigations, of one path or all. */
export const recentPageViews = async <DB>(db: Kysely<DB>, options: { limit: number; path?: string }): Promise<WithId<PageViewPoint>[]> => {
  const { rows } = await sql<WithId<PageViewPoint>>`
    select id, occurred_at as "occurredAt", kind, path, from_path as "fromPath", member_id as "memberId", visitor_id as "visitorId",
      viewport_width as "viewportWidth", viewport_height as "viewportHeight"
    from ${sql.table(T.pageViews)} ${options.path === undefined ? sql`` : sql`where path = ${options.path}`}
    order by id desc limit ${bounded(options.limit)}`.execute(db);
  return rows;
};

/** The newest sign-ins (the Live Activity). */
export const recentSignIns = async <DB>(db: Kysely<DB>, options: { limit: number }): Promise<WithId<SignInPoint>[]> => {
  const { rows } = await sql<WithId<SignInPoint>>`
    select id, occurred_at as "occurredAt", member_id as "memberId", path
    from ${sql.table(T.signIns)} order by id desc limit ${bounded(options.limit)}`.execute(db);
  return rows;
};

/** The heat map's dots: the newest points on a page. */
export const recentInteractions = async (db: Kysely<unknown>, options: { limit: number; path: string }): Promise<WithId<InteractionPoint>[]> => {
  const { rows } = await sql<WithId<InteractionPoint>>`
    select id, occurred_at as "occurredAt", path, action, x, y, viewport_width as "viewportWidth", viewport_height as "viewportHeight",
      fixed, member_id as "memberId", visitor_id as "visitorId"
    from ${sql.table(T.interactions)} where path = ${options.path} order by id desc limit ${bounded(options.limit)}`.execute(db);
  return rows;
};

/** An error group's last occurrences. */
export const recentErrorOccurrences = async (db: Kysely<unknown>, options: { limit: number; fingerprint: string }): Promise<WithId<ErrorOccurrence>[]> => {
  const { rows } = await sql<WithId<ErrorOccurrence>>`
    select id, occurred_at as "occurredAt", source, fingerprint, error_type as "errorType", severity, message, stack,
      request_method as "requestMethod", request_path as "requestPath", member_id as "memberId", app_version as "appVersion"
    from ${sql.table(T.errors)} where fingerprint = ${options.fingerprint} order by id desc limit ${bounded(options.limit)}`.execute(db);
  return rows;
};

/** The newest metrics samples, of one name or all (the System Metrics tab). */
export const recentMetricSamples = async (db: Kysely<unknown>, options: { limit: number; name?: string }): Promise<WithId<MetricSample>[]> => {
  const { rows } = await sql<WithId<MetricSample>>`
    select id, occurred_at as "occurredAt", name, value, unit, tags
    from ${sql.table(T.metrics)} ${options.name === undefined ? sql`` : sql`where name = ${options.name}`}
    order by id desc limit ${bounded(options.limit)}`.execute(db);
  return rows;
};
