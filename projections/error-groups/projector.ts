// The error-groups read model (admin only, not interactive): a group's status replaces its row, each
// decision adds a history row. Evolved from the event alone, so the state folds as the decider's does
// (domain/error-group/decide.ts). Every admin socket hears that a group changed.
import { errorGroupEventTypes, type ErrorGroupEvent } from '../../domain/error-group/events.js';
import { evolveErrorGroup, initialErrorGroupState } from '../../domain/error-group/decide.js';
import type { ErrorGroupChangedMessage } from '../../api/contracts/admin-errors.js';
import { toAdmins } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { errorGroupsTables } from './tables.js';

const actions = { ErrorGroupResolved: 'resolved', ErrorGroupIgnored: 'ignored', ErrorGroupReopened: 'reopened' } as const;

export const errorGroupsProjector = defineProjection({
  name: 'error-groups',
  version: 1,
  migration: '20261129T1310-create-error-groups',
  tables: errorGroupsTables,
  canHandle: [...errorGroupEventTypes],
  consistency: 'eventual',
  reads: (event: Recorded<ErrorGroupEvent>) => ({ error_group_statuses: event.data.groupId }),
  creates: (event: Recorded<ErrorGroupEvent>) => ({ error_group_history: event.metadata.eventId }),
  evolve(rows, event) {
    const { groupId, by, at, reason, appVersion } = event.data;
    const current = rows.error_group_statuses.get(groupId);
    // The row holds what the decider's state holds; a group without a row starts as the decider's does.
    const before = current
      ? { status: current.status, resolvedIn: current.resolved_in, seenOccurrenceId: current.seen_occurrence_id === null ? null : String(current.seen_occurrence_id) }
      : initialErrorGroupState();
    const after = evolveErrorGroup(before, event);
    rows.error_group_statuses.put({
      group_id: groupId,
      status: after.status,
      resolved_in: after.resolvedIn,
      seen_occurrence_id: after.seenOccurrenceId,
      changed_at: at,
    });
    rows.error_group_history.put({
      event_id: event.metadata.eventId,
      group_id: groupId,
      position: event.globalPosition.toString(),
      action: actions[event.type],
      by,
      at,
      reason,
      app_version: appVersion,
    });
    return [toAdmins<ErrorGroupChangedMessage>({ type: 'error_group_changed', groupId })];
  },
});
