// What the admin's error monitor reads: the groups (telemetry's rollup) with their status (the
// error-groups read model) and the regression told from the two. A resolved group regressed when a version
// row of the group has an occurrence after the one the admin saw (by id, not by clock) in the resolved
// version or a later one (semver); an unknown version on either side counts as not older (decision 331).
import { sql, type Kysely } from 'kysely';
import semver from 'semver';
import type { ErrorGroup, ErrorGroupsQuery, ErrorGroupStatus } from '../contracts/admin-errors.js';
import type { ErrorSeverity, ErrorSource } from '../../telemetry/types.js';
import { TELEMETRY_TABLES as T } from '../../telemetry/tables.js';
import { categoryOf } from './severity.js';

const readable = (version: string | null): string | null =>
  version ? (semver.valid(version) ?? semver.coerce(version, { includePrerelease: true })?.version ?? null) : null;

/** Same as or later than the version resolved in; an unknown or unreadable version is never taken for older. */
export const sameOrLater = (version: string | null, resolvedIn: string | null): boolean => {
  const seen = readable(version);
  const resolved = readable(resolvedIn);
  return seen === null || resolved === null || semver.gte(seen, resolved);
};

/** The resolved groups that came back, by id. */
export const regressedGroups = async (db: Kysely<unknown>): Promise<Set<string>> => {
  const { rows } = await sql<{ group_id: string; resolved_in: string | null; app_version: string }>`
    select s.group_id, s.resolved_in, v.app_version from error_group_statuses s
    join ${sql.table(T.errorVersions)} v on v.fingerprint = s.group_id and v.last_id > coalesce(s.seen_occurrence_id, 0)
    where s.status = 'resolved'`.execute(db);
  return new Set(rows.filter((row) => sameOrLater(row.app_version, row.resolved_in)).map((row) => row.group_id));
};

interface GroupRow {
  id: string;
  error_type: string;
  severity: ErrorSeverity;
  message: string;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  occurrences: number;
  last_app_version: string | null;
  stored_status: 'unresolved' | 'resolved' | 'ignored' | null;
  source: ErrorSource | null;
  request_method: string | null;
  request_path: string | null;
  member_id: string | null;
  stack: string | null;
  occurred_at: Date | string | null;
  latest_id: string | null;
  members: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toGroup = (row: GroupRow, regressed: ReadonlySet<string>): ErrorGroup & { latestOccurrenceId: string | null } => {
  const stored = row.stored_status ?? 'unresolved';
  const status: ErrorGroupStatus = stored === 'resolved' && regressed.has(row.id) ? 'regressed' : stored;
  return {
    id: row.id,
    errorType: row.error_type,
    severity: row.severity,
    message: row.message,
    category: categoryOf(row.source ?? 'server', row.severity),
    requestMethod: row.request_method,
    requestPath: row.request_path,
    userId: row.member_id,
    resolved: status === 'resolved' || status === 'ignored',
    stackTrace: row.stack,
    createdAt: iso(row.occurred_at ?? row.last_seen_at),
    status,
    count: Number(row.occurrences),
    membersAffected: Number(row.members),
    firstSeen: iso(row.first_seen_at),
    lastSeen: iso(row.last_seen_at),
    lastAppVersion: row.last_app_version,
    latestOccurrenceId: row.latest_id === null ? null : String(row.latest_id),
  };
};

const groupsSelect = (where: ReturnType<typeof sql>, limit: number) => sql<GroupRow>`
  select g.fingerprint as id, g.error_type, g.severity, g.message, g.first_seen_at, g.last_seen_at, g.occurrences, g.last_app_version,
    s.status as stored_status, e.source, e.request_method, e.request_path, e.member_id, e.stack, e.occurred_at, e.id as latest_id,
    (select count(*) from ${sql.table(T.errorMembers)} m where m.fingerprint = g.fingerprint)::int as members
  from ${sql.table(T.errorGroups)} g
  left join error_group_statuses s on s.group_id = g.fingerprint
  left join lateral (
    select id, source, request_method, request_path, member_id, stack, occurred_at from ${sql.table(T.errors)} x
    where x.fingerprint = g.fingerprint order by x.id desc limit 1
  ) e on true
  where ${where}
  order by g.last_seen_at desc, g.fingerprint
  limit ${limit}`;

const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The groups, newest last seen first, as the Error Log filters them (spec: search over type, message and path). */
export const listErrorGroups = async (db: Kysely<unknown>, query: ErrorGroupsQuery): Promise<ErrorGroup[]> => {
  const regressed = await regressedGroups(db);
  const back = [...regressed];
  const conditions = [sql`true`];
  if (query.search) {
    const pattern = like(query.search);
    conditions.push(sql`(g.error_type ilike ${pattern} or g.message ilike ${pattern} or e.request_path ilike ${pattern})`);
  }
  if (query.severity !== 'all') conditions.push(sql`g.severity = ${query.severity}`);
  // 'unresolved' holds the regressed groups; 'resolved' the ignored ones (the contract's filters).
  if (query.status === 'unresolved') conditions.push(sql`(coalesce(s.status, 'unresolved') = 'unresolved' or g.fingerprint = any(${back}::text[]))`);
  if (query.status === 'resolved') conditions.push(sql`(s.status in ('resolved', 'ignored') and not g.fingerprint = any(${back}::text[]))`);
  const { rows } = await groupsSelect(sql.join(conditions, sql` and `), query.limit).execute(db);
  return rows.map((row) => toGroup(row, regressed)).map(({ latestOccurrenceId: _latest, ...group }) => group);
};

/** One group with the id of its newest occurrence, or null when no such group was stored. */
export const findErrorGroup = async (db: Kysely<unknown>, groupId: string): Promise<(ErrorGroup & { latestOccurrenceId: string | null }) | null> => {
  const [regressed, { rows }] = await Promise.all([regressedGroups(db), groupsSelect(sql`g.fingerprint = ${groupId}`, 1).execute(db)]);
  return rows[0] ? toGroup(rows[0], regressed) : null;
};

/** Groups not resolved (regressed ones included, ignored ones not), and of those the critical ones. */
export const openGroupCounts = async (db: Kysely<unknown>): Promise<{ unresolved: number; critical: number }> => {
  const regressed = [...(await regressedGroups(db))];
  const { rows } = await sql<{ unresolved: number; critical: number }>`
    select count(*)::int as unresolved, (count(*) filter (where g.severity = 'critical'))::int as critical
    from ${sql.table(T.errorGroups)} g left join error_group_statuses s on s.group_id = g.fingerprint
    where coalesce(s.status, 'unresolved') = 'unresolved' or g.fingerprint = any(${regressed}::text[])`.execute(db);
  return rows[0] ?? { unresolved: 0, critical: 0 };
};

/** Whether a group resolved in `resolvedIn`, the newest occurrence then `seenOccurrenceId`, came back since (the decider's state, not the read model's). */
export const regressedSince = async (db: Kysely<unknown>, groupId: string, resolvedIn: string | null, seenOccurrenceId: string | null): Promise<boolean> => {
  const { rows } = await sql<{ app_version: string }>`
    select app_version from ${sql.table(T.errorVersions)} where fingerprint = ${groupId} and last_id > ${seenOccurrenceId ?? '0'}::bigint`.execute(db);
  return rows.some((row) => sameOrLater(row.app_version, resolvedIn));
};
