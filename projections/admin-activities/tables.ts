// The admin-activities read model's table: one row per action an admin took, in log order (the
// position pages it, newest first).
import { defineTable, int8, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const adminActivitiesTable = defineTable({
  name: 'admin_activities',
  key: ['event_id'],
  columns: {
    event_id: text(),
    /** The event's global log position: the page order and the cursor. */
    position: int8(),
    /** test-email, projection-rebuild, follower-skip (feature statuses, resolutions, corrections to come). */
    kind: text(),
    /** sent / failed for a test e-mail; null where an action has no outcome of its own. */
    outcome: text().nullable(),
    /** The admin; null for an operation run from the command line. */
    actor_id: text().nullable(),
    /** What the action was about: the address, the read model, the follower. */
    subject: text(),
    /** SMTP's answer or reason, the operator's reason. */
    detail: text().nullable(),
    occurred_at: timestamptz(),
  },
  onConflict: 'nothing',
  indexes: { admin_activities_position_idx: ['position desc'] },
});

export type AdminActivityRow = RowOfTable<typeof adminActivitiesTable>;
export type AdminActivitiesDb = DatabaseOf<{ admin_activities: typeof adminActivitiesTable }>;
