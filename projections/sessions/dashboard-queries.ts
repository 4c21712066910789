// The dashboard's session queries (spec 000 §2 Dashboard, §4 tab mapping): tabs with search,
// filters and pages, the tab counts, and the sidebar's activity summary.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { SessionStatus } from '../../domain/session/events.js';
import { normaliseSessionStatus, type DashboardTab } from '../../domain/session/state.js';
import { selectSessions, toViews } from './queries.js';
import type { SessionView } from './session-view.js';
import type { MemberRow } from '../members/tables.js';
import type { ReadModelsDb } from '../read-models.js';
import type { SessionRow } from './tables.js';
import type { DashboardCounts, DashboardPage as ContractDashboardPage } from '../../api/contracts/dashboard.js';

export const DEFAULT_PAGE_SIZE = 5;
/** Highlight mode asks for 100 (spec 000 §9); more is never needed. */
export const MAX_PAGE_SIZE = 100;

// Spec 000 §4: only completed sessions under Completed, so its count agrees with Completed Swaps. The
// sessions that ended without taking place (cancelled, declined, rejected) get a History tab of their
// own, where the card shows them muted with the date struck through (spec 000 §2; docs/decisions.md).
export const tabStatuses: Readonly<Record<DashboardTab, readonly SessionStatus[]>> = {
  requested: ['requested'],
  upcoming: ['confirmed', 'modification_pending'],
  completed: ['completed'],
  history: ['cancelled', 'declined', 'rejected'],
};
const allTabs = Object.keys(tabStatuses) as DashboardTab[];

export interface DashboardQuery {
  memberId: string;
  tab: DashboardTab;
  page?: number; // 1-based
  limit?: number;
  /** Part of the other participant's name or of the skill name, any case. */
  search?: string;
  /** A skill id or skill name (any case). */
  skill?: string;
  /** A status inside the tab ('pending' reads as 'requested'). */
  status?: string;
  /** The viewer's zone, for session_date/session_time. */
  timeZone?: string;
}

/** The DashboardPage of api/contracts/dashboard.ts but the page numbers, which the route adds. */
export type DashboardPage = Omit<ContractDashboardPage, 'page' | 'totalPages'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const filtersOf = (query: DashboardQuery) => {
  const { memberId, tab } = query;
  return (eb: ExpressionBuilder<ReadModelsDb & { s: SessionRow; stu: MemberRow; ins: MemberRow }, 's' | 'stu' | 'ins'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb.or([eb('s.student_id', '=', memberId), eb('s.instructor_id', '=', memberId)]), eb('s.status', 'in', tabStatuses[tab])];
    const search = query.search?.trim();
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      const otherName = sql`case when s.student_id = ${memberId} then ins.name else stu.name end`;
      conditions.push(eb.or([eb(otherName, 'ilike', pattern), eb('s.skill_name', 'ilike', pattern)]));
    }
    const skill = query.skill?.trim();
    if (skill) conditions.push(eb.or([eb('s.skill_id', '=', skill), eb(sql`lower(s.skill_name)`, '=', skill.toLowerCase())]));
    if (query.status?.trim()) {
      // An unknown status matches nothing rather than being ignored.
      const status = normaliseSessionStatus(query.status.trim());
      conditions.push(status === null ? sql<SqlBool>`false` : eb('s.status', '=', status));
    }
    return eb.and(conditions);
  };
};

const clampInt = (value: number | undefined, fallback: number, min: number, max: number) =>
  value === undefined || !Number.isFinite(value) ? fallback : Math.min(max, Math.max(min, Math.trunc(value)));

/**
 * One page of a dashboard tab: requests newest first, upcoming sessions soonest first, completed
 * and ended ones latest first.
 */
export const dashboardSessions = async (db: Kysely<ReadModelsDb>, query: DashboardQuery): Promise<DashboardPage> => {
  const limit = clampInt(query.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const page = clampInt(query.page, 1, 1, Number.MAX_SAFE_INTEGER);
  const where = filtersOf(query);
  const counted = await selectSessions(db)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(where)
    .executeTakeFirst();
  const total = Number(counted?.total ?? 0);
  let rowsQuery = selectSessions(db).where(where);
  if (query.tab === 'requested') rowsQuery = rowsQuery.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc');
  else if (query.tab === 'upcoming') rowsQuery = rowsQuery.orderBy('s.starts_at', 'asc').orderBy('s.id', 'asc');
  else rowsQuery = rowsQuery.orderBy('s.starts_at', 'desc').orderBy('s.id', 'desc');
  const rows = await rowsQuery
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const sessions = await toViews(db, rows, { viewerId: query.memberId, timeZone: query.timeZone });
  return { sessions, total, hasMore: page * limit < total };
};

export type { DashboardCounts };

/** Sessions per dashboard tab. */
export const dashboardCounts = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<DashboardCounts> => {
  const rows = await db
    .selectFrom('sessions')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where((eb) => eb.or([eb('student_id', '=', memberId), eb('instructor_id', '=', memberId)]))
    .groupBy('status')
    .execute();
  const counts: DashboardCounts = { requested: 0, upcoming: 0, completed: 0, history: 0 };
  for (const row of rows) {
    const tab = allTabs.find((t) => tabStatuses[t].includes(row.status as SessionStatus));
    if (tab) counts[tab] += Number(row.n);
  }
  return counts;
};

/** At most 3 upcoming sessions on the Activity Summary (spec 000 §9). */
export const ACTIVITY_UPCOMING_LIMIT = 3;

export interface ActivitySummary {
  /** Confirmed sessions that have not ended at `now`, soonest first. */
  upcoming: SessionView[];
  counts: DashboardCounts;
  /** Requests this member must answer as mentor, plus reschedules the other side proposed. */
  actionRequired: number;
}

export const activitySummary = async (db: Kysely<ReadModelsDb>, memberId: string, now: string, options: { timeZone?: string } = {}): Promise<ActivitySummary> => {
  const rows = await selectSessions(db)
    .where((eb) => eb.or([eb('s.student_id', '=', memberId), eb('s.instructor_id', '=', memberId)]))
    .where('s.status', 'in', tabStatuses.upcoming)
    .where('s.ends_at', '>', now)
    .orderBy('s.starts_at')
    .orderBy('s.id')
    .limit(ACTIVITY_UPCOMING_LIMIT)
    .execute();
  const requests = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('instructor_id', '=', memberId)
    .where('status', '=', 'requested')
    .where('starts_at', '>', now)
    .executeTakeFirst();
  const reschedules = await db
    .selectFrom('sessions as s')
    .innerJoin('session_modifications as m', 'm.id', 's.pending_modification_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('s.student_id', '=', memberId), eb('s.instructor_id', '=', memberId)]))
    .where('s.status', '=', 'modification_pending')
    .where('m.proposed_by', '!=', memberId)
    .executeTakeFirst();
  return {
    upcoming: await toViews(db, rows, { viewerId: memberId, timeZone: options.timeZone }),
    counts: await dashboardCounts(db, memberId),
    actionRequired: Number(requests?.n ?? 0) + Number(reschedules?.n ?? 0),
  };
};
