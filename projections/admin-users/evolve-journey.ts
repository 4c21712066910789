// The journey's steps on a member's admin row (the dashboard's funnel, decisions 310, 311):
// when the member first taught a skill, first had a ready profile, first booked a session as the student,
// and reached the last step (booked with a ready profile). A step once reached keeps its time: the funnel
// counts who got there, so its figure at an earlier instant is its total less those who reached it after.
// The totals are counters the projector keeps (admin_stat_counters), so the dashboard reads no pass over
// the members; active spans make 'active' at any instant a count of the spans that hold it.
import { ACTIVE_WITHIN_HOURS } from '../../api/contracts/admin-users.js';
import type { RowSet } from '../runtime/define-projection.js';
import { toIso } from '../runtime/set-wise.js';
import { isProfileReady, profileParts } from './profile-parts.js';
import type { AdminActiveSpanRow, AdminStatCounterRow, AdminUserRow, StatMetric } from './tables.js';

/** A span lasts this long after an action: 'active' is an own action within ACTIVE_WITHIN_HOURS. */
const DAY = ACTIVE_WITHIN_HOURS * 3_600_000;

/** Adds `delta` to a counter: the batch's row holds the change, which the write adds to the stored count. */
export const tally = (counters: RowSet<AdminStatCounterRow>, metric: StatMetric, delta: number) => {
  if (delta !== 0) counters.put({ metric, count: (counters.get(metric)?.count ?? 0) + delta });
};

const later = (a: Date | string, b: Date | string) => (Date.parse(toIso(a)) >= Date.parse(toIso(b)) ? a : b);

/** The steps the row has reached by `at` and not yet recorded, stamped `at`, each counted once. */
const stamped = (row: AdminUserRow, at: string, counters: RowSet<AdminStatCounterRow>): AdminUserRow => {
  const next = { ...row };
  if (next.first_taught_at === null && next.skills_to_teach.length > 0) {
    next.first_taught_at = at;
    tally(counters, 'taught', 1);
  }
  if (next.profile_ready_at === null && isProfileReady(next)) {
    next.profile_ready_at = at;
    tally(counters, 'ready', 1);
  }
  if (next.journey_booked_at === null && next.profile_ready_at !== null && next.first_booked_at !== null) {
    next.journey_booked_at = later(next.profile_ready_at, next.first_booked_at);
    tally(counters, 'journey', 1);
  }
  return next;
};

const partsOf = (row: AdminUserRow | undefined) => (row ? profileParts(row).filter(Boolean).length : 0);

/**
 * After a profile event of `memberId` at `at` (`before`: their row before it, undefined for a new member):
 * the member and profile-part counters, and the steps the change completes.
 */
export const stampSteps = (rows: RowSet<AdminUserRow>, counters: RowSet<AdminStatCounterRow>, memberId: string, at: string, before: AdminUserRow | undefined) => {
  const row = rows.get(memberId);
  if (!row) return;
  if (!before) tally(counters, 'members', 1);
  tally(counters, 'profile_parts', partsOf(row) - partsOf(before));
  const next = stamped(row, at, counters);
  if (next.first_taught_at !== row.first_taught_at || next.profile_ready_at !== row.profile_ready_at || next.journey_booked_at !== row.journey_booked_at) {
    rows.put(next);
  }
};

/** A session requested: counted, and the student's first booking stamped (a later one changes nothing). */
export const stampBooking = (rows: RowSet<AdminUserRow>, counters: RowSet<AdminStatCounterRow>, studentId: string, at: string) => {
  tally(counters, 'sessions', 1);
  const row = rows.get(studentId);
  if (!row || row.first_booked_at !== null) return;
  tally(counters, 'booked', 1);
  rows.put(stamped({ ...row, first_booked_at: at }, at, counters));
};

/**
 * An own action at `at` on the member's row as it stood before it: extends the current active span to 24 h
 * after it, or begins a new one after 24 h without any. An action older than the last one (the log's
 * order is not the clocks') falls in a span already counted, or is left out.
 */
export const extendSpan = (spans: RowSet<AdminActiveSpanRow>, row: AdminUserRow, at: string): Pick<AdminUserRow, 'active_since' | 'last_activity_at'> => {
  const t = Date.parse(at);
  const last = row.last_activity_at === null ? null : Date.parse(toIso(row.last_activity_at));
  const since = row.active_since === null ? null : toIso(row.active_since);
  if (last !== null && t < last) return { active_since: row.active_since, last_activity_at: row.last_activity_at };
  // One spelling of the instant, so the batch's key for a span is the same whatever the event wrote.
  const start = since !== null && last !== null && t - last <= DAY ? since : toIso(at);
  spans.put({ member_id: row.member_id, started_at: start, ends_at: new Date(t + DAY).toISOString() });
  return { active_since: start, last_activity_at: at };
};
