// The onboarding read model: per member, what the six-step onboarding card and the welcome tour need.
import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../../eventstore/types.js';
import { loadRowsByKey, writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector, ProjectorMemory } from '../types.js';
import { emptyOnboarding, evolveOnboarding, membersOf, type OnboardingEvent } from './evolve.js';
import { onboardingMigrations } from './migrations.js';
import type { OnboardingRow } from './tables.js';

const columns: readonly ColumnSpec[] = [
  { name: 'member_id', type: 'text' },
  { name: 'has_name', type: 'bool' },
  { name: 'has_bio', type: 'bool' },
  { name: 'has_location', type: 'bool' },
  { name: 'skill_ids', type: 'jsonb' },
  { name: 'availability_keys', type: 'jsonb' },
  { name: 'scheduled_session', type: 'bool' },
  { name: 'shared_post', type: 'bool' },
  { name: 'asked_ai', type: 'bool' },
  { name: 'has_seen_welcome_tour', type: 'bool' },
  { name: 'updated_at', type: 'timestamptz' },
];

const onboardingEventTypes = [
  'MemberRegistered',
  'ProfileDetailsChanged',
  'SkillTaughtAdded',
  'SkillTaughtRemoved',
  'AvailabilityAdded',
  'AvailabilityRemoved',
  'WelcomeTourSeen',
  'SessionRequested',
] as const satisfies readonly OnboardingEvent['type'][];

const bookedKey = (memberId: string) => `booked:${memberId}`;

export const onboardingProjector: Projector = {
  name: 'onboarding',
  version: 1,
  tables: ['onboarding'],
  migrations: onboardingMigrations,
  handles: onboardingEventTypes,
  writesInOneStatement: true,
  async apply(db: Kysely<any>, events: RecordedEvent[], memory?: ProjectorMemory): Promise<ChangeNotice[]> {
    // A booking changes only a member's first: once both rows are known to have one (no event takes it
    // back), it would read two rows to write nothing. Dropped before anything is built for it.
    const known = (event: OnboardingEvent) => memory !== undefined && event.type === 'SessionRequested' && membersOf(event).every((id) => memory.has(bookedKey(id)));
    const typed: { event: OnboardingEvent; occurredAt: string }[] = [];
    for (const e of events) {
      const event = { type: e.type, data: e.data } as OnboardingEvent;
      if (!known(event)) typed.push({ event, occurredAt: e.metadata.occurredAt });
    }
    if (typed.length === 0) return [];
    const stored = await loadRowsByKey<OnboardingRow>(db, 'onboarding', 'member_id', typed.flatMap(({ event }) => membersOf(event)));
    const changed = new Map<string, OnboardingRow>();
    for (const { event, occurredAt } of typed) {
      for (const memberId of membersOf(event)) {
        const before = changed.get(memberId) ?? stored.get(memberId) ?? emptyOnboarding(memberId, occurredAt);
        changed.set(memberId, evolveOnboarding(before, event, occurredAt));
      }
    }
    for (const row of changed.values()) if (row.scheduled_session) memory?.learn(bookedKey(row.member_id));
    // A row evolve handed back untouched is not written, and its member's screens are not told to refetch.
    const written = [...changed.values()].filter((row) => row !== stored.get(row.member_id));
    await writeRows(db, 'onboarding', columns, written as unknown as Record<string, unknown>[], { key: ['member_id'], onConflict: 'update' });
    return written.map((row) => ({ scope: 'user', id: row.member_id }));
  },
};
