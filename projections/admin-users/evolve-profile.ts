// How a member's own events change their admin row: the profile fields the directory and the inspector
// show. Other events leave the profile alone.
import type { MemberEvent } from '../../domain/member/events.js';
import type { RowSet } from '../runtime/define-projection.js';
import type { AdminUsersEvent } from './activity-kinds.js';
import { memberEventTypes } from '../../domain/member/events.js';
import type { AdminUserRow } from './tables.js';

const memberTypes: ReadonlySet<string> = new Set(memberEventTypes);
const isMemberEvent = (event: AdminUsersEvent): event is MemberEvent => memberTypes.has(event.type);

export const searchKeyOf = (name: string, email: string) => `${name} ${email}`.toLowerCase();

const changed = (row: AdminUserRow, event: MemberEvent): AdminUserRow | null => {
  switch (event.type) {
    case 'ProfileDetailsChanged': {
      const { name = row.name, bio = row.bio, location = row.location } = event.data;
      return { ...row, name, bio, location, search_key: searchKeyOf(name, row.email) };
    }
    case 'ProfilePictureChanged':
      return { ...row, avatar_url: event.data.avatarUrl ?? event.data.imageUrl };
    case 'SkillTaughtAdded':
    case 'SkillTaughtUpdated': {
      const { id, name } = event.data.skill;
      return { ...row, skills_to_teach: [...row.skills_to_teach.filter((s) => s.id !== id), { id, name }] };
    }
    case 'SkillTaughtRemoved':
      return { ...row, skills_to_teach: row.skills_to_teach.filter((s) => s.id !== event.data.skillId) };
    case 'SkillToLearnAdded':
      return row.skills_to_learn.includes(event.data.name) ? row : { ...row, skills_to_learn: [...row.skills_to_learn, event.data.name] };
    case 'SkillToLearnRemoved':
      return { ...row, skills_to_learn: row.skills_to_learn.filter((name) => name !== event.data.name) };
    default:
      return null;
  }
};

export const evolveProfile = (rows: RowSet<AdminUserRow>, event: AdminUsersEvent) => {
  if (!isMemberEvent(event)) return;
  const id = event.data.memberId;
  const row = rows.get(id);
  if (event.type === 'MemberRegistered') {
    // A repeated registration (never produced by the decider) keeps the row it has.
    if (row) return;
    const { name, email, registeredAt } = event.data;
    rows.put({
      member_id: id,
      name,
      email,
      search_key: searchKeyOf(name, email),
      avatar_url: null,
      location: '',
      bio: '',
      skills_to_teach: [],
      skills_to_learn: [],
      joined_at: registeredAt,
      last_activity_at: null,
      activity_count: 0,
      session_count: 0,
      completed_session_count: 0,
      first_taught_at: null,
      profile_ready_at: null,
      first_booked_at: null,
      journey_booked_at: null,
      active_since: null,
    });
    return;
  }
  // The members read model stops on an orphan event; this one, being eventual, leaves it out.
  const next = row && changed(row, event);
  if (next) rows.put(next);
};
