// The admins' own actions (spec 002 §7 GET /api/admin/admin-activities, which it names without saying
// what it is; issue 31 point 10): test e-mails, and the operators' rebuilds and skips of the operations
// stream. One row per event, written from the event alone; each kind maps to one row shape here, so the
// actions still to come (feature statuses, error resolutions, corrections) add a case each.
import type { AdminActionsEvent } from '../../domain/admin-actions/events.js';
import { adminActionsEventTypes } from '../../domain/admin-actions/events.js';
import type { FollowerOperationsEvent } from '../../domain/follower-operations/events.js';
import { followerOperationsEventTypes } from '../../domain/follower-operations/events.js';
import type { ChangedMessage } from '../../api/contracts/live.js';
import { toAdmins } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { adminActivitiesTable, type AdminActivityRow } from './tables.js';

type AdminActivityEvent = AdminActionsEvent | FollowerOperationsEvent;
type Action = Pick<AdminActivityRow, 'kind' | 'outcome' | 'actor_id' | 'subject' | 'detail'>;

const actionOf = (event: AdminActivityEvent): Action => {
  switch (event.type) {
    case 'TestEmailSent':
      return { kind: 'test-email', outcome: 'sent', actor_id: event.data.sentBy, subject: event.data.to, detail: event.data.response };
    case 'TestEmailFailed':
      return { kind: 'test-email', outcome: 'failed', actor_id: event.data.sentBy, subject: event.data.to, detail: event.data.reason };
    case 'ProjectionRebuildRequested':
      return { kind: 'projection-rebuild', outcome: null, actor_id: event.data.requestedBy, subject: event.data.projection, detail: event.data.reason };
    case 'FollowerEventSkipped':
      return { kind: 'follower-skip', outcome: null, actor_id: event.data.skippedBy, subject: event.data.follower, detail: event.data.reason };
    case 'EvidencePackDownloaded':
      return { kind: 'evidence-download', outcome: event.data.format, actor_id: event.data.downloadedBy, subject: event.data.sessionId, detail: event.data.sha256 };
  }
};

/** The dashboard's admin activities list: every admin socket hears of a new row. */
const adminChanged = toAdmins<ChangedMessage>({ type: 'changed', scope: 'admin' });

export const adminActivitiesProjector = defineProjection({
  name: 'admin-activities',
  version: 1,
  migration: '20261129T0430-create-admin-activities',
  tables: { admin_activities: adminActivitiesTable },
  canHandle: [...adminActionsEventTypes, ...followerOperationsEventTypes],
  consistency: 'eventual',
  creates: (event: Recorded<AdminActivityEvent>) => ({ admin_activities: event.metadata.eventId }),
  evolve(rows, event) {
    rows.admin_activities.put({
      event_id: event.metadata.eventId,
      position: event.globalPosition.toString(),
      occurred_at: event.metadata.occurredAt,
      ...actionOf(event),
    });
    return [adminChanged];
  },
});
