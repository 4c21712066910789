// The error monitor's cards and top types (spec 002 §2, §7 Error stats), from the rollups: occurrences in
// all (the groups' counts), since midnight UTC (hourly rollup), yesterday up to the same time of day (the
// whole hours from the rollup, the part of the last hour from the raw rows of that hour: a short range of
// the BRIN index), open and critical groups, and the most common types.
import { sql, type Kysely } from 'kysely';
import { TOP_ERROR_TYPES, type ErrorStats } from '../contracts/admin-errors.js';
import { TELEMETRY_TABLES as T } from '../../telemetry/tables.js';
import { openGroupCounts } from './group-queries.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** a against b as a change in per cent, one decimal; null without b (no change can be said of nothing). */
export const changePercent = (today: number, yesterday: number): number | null => (yesterday === 0 ? null : Math.round(((today - yesterday) / yesterday) * 1000) / 10);

export const errorStats = async (db: Kysely<unknown>, now: Date): Promise<ErrorStats> => {
  const midnight = Math.floor(now.getTime() / DAY) * DAY;
  const sameTimeYesterday = now.getTime() - DAY;
  const wholeHoursUntil = Math.floor(sameTimeYesterday / HOUR) * HOUR;
  const at = (ms: number) => new Date(ms).toISOString();
  const [figures, types, open] = await Promise.all([
    sql<{ total: number; today: number; yesterday: number }>`
      select
        (select coalesce(sum(occurrences), 0) from ${sql.table(T.errorGroups)})::int as total,
        (select coalesce(sum(occurrences), 0) from ${sql.table(T.errorHourly)} where hour >= ${at(midnight)}::timestamptz)::int as today,
        ((select coalesce(sum(occurrences), 0) from ${sql.table(T.errorHourly)}
            where hour >= ${at(midnight - DAY)}::timestamptz and hour < ${at(wholeHoursUntil)}::timestamptz)
          + (select count(*) from ${sql.table(T.errors)}
            where occurred_at >= greatest(${at(wholeHoursUntil)}::timestamptz, ${at(midnight - DAY)}::timestamptz) and occurred_at <= ${at(sameTimeYesterday)}::timestamptz))::int as yesterday`.execute(
      db,
    ),
    sql<{ error_type: string; count: number }>`
      select error_type, sum(occurrences)::int as count from ${sql.table(T.errorGroups)}
      group by error_type order by count desc, error_type limit ${TOP_ERROR_TYPES}`.execute(db),
    openGroupCounts(db),
  ]);
  const { total, today, yesterday } = figures.rows[0]!;
  return {
    totalErrors: total,
    errorsToday: today,
    unresolvedErrors: open.unresolved,
    criticalErrors: open.critical,
    errorRateChange: changePercent(today, yesterday),
    errorCountChange: today - yesterday,
    topErrorTypes: types.rows.map((row) => ({ errorType: row.error_type, count: row.count })),
  };
};

/** The dashboard's two error figures (admin-stats' totalErrors and unresolvedErrors). */
export const errorTotals = async (db: Kysely<unknown>): Promise<{ totalErrors: number; unresolvedErrors: number }> => {
  const [total, open] = await Promise.all([
    sql<{ total: number }>`select coalesce(sum(occurrences), 0)::int as total from ${sql.table(T.errorGroups)}`.execute(db),
    openGroupCounts(db),
  ]);
  return { totalErrors: total.rows[0]!.total, unresolvedErrors: open.unresolved };
};
