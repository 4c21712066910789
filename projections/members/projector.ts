// The members read model: one row per registered member with profile, skills and availability.
import type { Kysely } from 'kysely';
import type { MemberEvent } from '../../domain/member/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { loadRowsByKey, writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { evolveMember } from './evolve.js';
import { membersMigrations } from './migrations.js';
import type { MemberRow } from './tables.js';

const memberEventTypes = [
  'MemberRegistered',
  'ProfileDetailsChanged',
  'ProfilePictureChanged',
  'SkillTaughtAdded',
  'SkillTaughtUpdated',
  'SkillTaughtRemoved',
  'SkillToLearnAdded',
  'SkillToLearnRemoved',
  'AvailabilityAdded',
  'AvailabilityRemoved',
] as const satisfies readonly MemberEvent['type'][];

const columns: readonly ColumnSpec[] = [
  { name: 'id', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'email_normalized', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'bio', type: 'text' },
  { name: 'location', type: 'text' },
  { name: 'time_zone', type: 'text' },
  { name: 'profile_image_url', type: 'text' },
  { name: 'skills_to_teach', type: 'jsonb' },
  { name: 'skills_to_learn', type: 'jsonb' },
  { name: 'availability', type: 'jsonb' },
  { name: 'joined_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
];

export const membersProjector: Projector = {
  name: 'members',
  version: 1,
  tables: ['members'],
  migrations: membersMigrations,
  handles: memberEventTypes,
  writesInOneStatement: true,
  async apply(db: Kysely<any>, events: RecordedEvent[]): Promise<ChangeNotice[]> {
    const memberEvents = events.map((e) => ({ event: { type: e.type, data: e.data } as MemberEvent, occurredAt: e.metadata.occurredAt }));
    const rows = await loadRowsByKey<MemberRow>(db, 'members', 'id', memberEvents.map(({ event }) => event.data.memberId));
    const changed = new Map<string, MemberRow>();
    for (const { event, occurredAt } of memberEvents) {
      const id = event.data.memberId;
      changed.set(id, evolveMember(changed.get(id) ?? rows.get(id) ?? null, event, occurredAt));
    }
    await writeRows(db, 'members', columns, [...changed.values()] as unknown as Record<string, unknown>[], {
      key: ['id'],
      onConflict: 'update',
    });
    const notices: ChangeNotice[] = [...changed.keys()].map((id) => ({ scope: 'user', id }));
    if (changed.size > 0) notices.push({ scope: 'members' });
    return notices;
  },
};
