// The members read model: one row per registered member with profile, skills and availability.
import { memberEventTypes, type MemberEvent } from '../../domain/member/events.js';
import { memberChanged, membersChanged } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { evolveMember } from './evolve.js';
import { membersTable } from './tables.js';

export const membersProjector = defineProjection({
  name: 'members',
  // 2: avatar_url, the picture's avatar size (issue 21).
  version: 2,
  migration: '20261122T0900-create-members',
  tables: { members: membersTable },
  canHandle: memberEventTypes,
  reads: (event: Recorded<MemberEvent>) => ({ members: event.data.memberId }),
  evolve(rows, event) {
    const id = event.data.memberId;
    rows.members.put(evolveMember(rows.members.get(id) ?? null, event, event.metadata.occurredAt));
    return [memberChanged(id, 'profile'), membersChanged()];
  },
});
