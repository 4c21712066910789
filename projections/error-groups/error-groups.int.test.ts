import { describe, expect, it } from 'vitest';
import type { ErrorGroupDecision, ErrorGroupEvent } from '../../domain/error-group/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { membersProjector } from '../members/projector.js';
import { errorGroupsProjector } from './projector.js';
import { errorGroupHistory } from './queries.js';

const A = '0123456789abcdef';
const B = 'fedcba9876543210';

const history = (): RecordedEvent[] => {
  const log = createEventLog();
  let minute = 0;
  const decided = (type: ErrorGroupEvent['type'], groupId: string, data: Partial<ErrorGroupDecision> = {}) => {
    const at = `2026-11-29T09:${String(minute++).padStart(2, '0')}:00.000Z`;
    const event = { type, data: { groupId, by: 'vera', at, reason: type, appVersion: '1.0.0', latestOccurrenceId: '10', ...data } } as ErrorGroupEvent;
    log.record(`error-group-${groupId}`, event, at);
  };
  decided('ErrorGroupResolved', A, { appVersion: '1.0.0', latestOccurrenceId: '10' });
  decided('ErrorGroupIgnored', B);
  decided('ErrorGroupResolved', A, { appVersion: '1.1.0', latestOccurrenceId: '25' });
  decided('ErrorGroupIgnored', A);
  decided('ErrorGroupReopened', B);
  return log.events;
};

describe.each(testTargets())('error-groups read model on $kind', (target) => {
  const spec = projectionSpec(target, errorGroupsProjector, { with: [membersProjector] });

  it('keeps each group’s status with its last resolution, and every decision newest first, in one batch or many', () =>
    spec.given(history()).then(async (db) => {
      const statuses = await db.selectFrom('error_group_statuses').select(['group_id', 'status', 'resolved_in', 'seen_occurrence_id']).orderBy('group_id').execute();
      expect(statuses.map((s) => ({ ...s, seen_occurrence_id: s.seen_occurrence_id === null ? null : String(s.seen_occurrence_id) }))).toEqual([
        { group_id: A, status: 'ignored', resolved_in: '1.1.0', seen_occurrence_id: '25' },
        { group_id: B, status: 'unresolved', resolved_in: null, seen_occurrence_id: null },
      ]);
      expect((await errorGroupHistory(db, A)).map((h) => [h.action, h.appVersion])).toEqual([
        ['ignored', '1.0.0'],
        ['resolved', '1.1.0'],
        ['resolved', '1.0.0'],
      ]);
    }));
});
