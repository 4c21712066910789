// The error-groups read model's tables (issue 32 point 2): each group's status as admins left it, with the
// last resolution's version and the newest occurrence then (regression is told against telemetry from
// these), and every resolve, ignore and reopen in log order (the details modal's history).
import { defineTable, int8, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

/** A group without a row is unresolved. */
export const errorGroupStatusesTable = defineTable({
  name: 'error_group_statuses',
  key: ['group_id'],
  columns: {
    group_id: text(),
    status: text<'unresolved' | 'resolved' | 'ignored'>(),
    /** The last resolution's app version and newest occurrence id then; kept through ignore and reopen. */
    resolved_in: text().nullable(),
    seen_occurrence_id: int8().nullable(),
    changed_at: timestamptz(),
  },
});

export const errorGroupHistoryTable = defineTable({
  name: 'error_group_history',
  key: ['event_id'],
  columns: {
    event_id: text(),
    group_id: text(),
    position: int8(),
    action: text<'resolved' | 'ignored' | 'reopened'>(),
    by: text(),
    at: timestamptz(),
    reason: text(),
    app_version: text(),
  },
  onConflict: 'nothing',
  indexes: { error_group_history_group_idx: ['group_id', 'position desc'] },
});

export const errorGroupsTables = { error_group_statuses: errorGroupStatusesTable, error_group_history: errorGroupHistoryTable };

export type ErrorGroupStatusRow = RowOfTable<typeof errorGroupStatusesTable>;
export type ErrorGroupsDb = DatabaseOf<typeof errorGroupsTables>;
