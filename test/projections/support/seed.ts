// Appends a realistic member and points history to a real event store: registrations, welcome
// bonuses, profile edits, holds that are refunded or paid to a mentor, and corrections.
import { randomUUID } from 'node:crypto';
import type { LedgerEvent } from '../../../domain/ledger/events.js';
import type { MemberEvent } from '../../../domain/member/events.js';
import type { AppendResult, EventStore, EventToAppend } from '../../../eventstore/types.js';

export interface SeedOptions {
  members: number;
  /** Sessions each member requests as a student (each is a hold, then a refund or a payment). */
  sessionsPerMember: number;
  /** Prefix for member ids, so several seeds can share one log. */
  prefix?: string;
  /** Base instant for occurredAt (each event one second apart). */
  startAt?: string;
}

export interface SeedResult {
  memberIds: string[];
  events: number;
  last: AppendResult;
}

export const seedHistory = async (store: EventStore, options: SeedOptions): Promise<SeedResult> => {
  const prefix = options.prefix ?? 'm';
  const base = Date.parse(options.startAt ?? '2026-01-01T00:00:00.000Z');
  let tick = 0;
  const meta = () => ({
    eventId: randomUUID(),
    occurredAt: new Date(base + tick++ * 1000).toISOString(),
    actorId: null,
    correlationId: randomUUID(),
    causationId: null,
    schemaVersion: 1,
  });
  const toAppend = (events: (MemberEvent | LedgerEvent)[]): EventToAppend[] => events.map((e) => ({ type: e.type, data: e.data, metadata: meta() }));
  const ids = Array.from({ length: options.members }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);
  let count = 0;
  let last: AppendResult | null = null;
  const append = async (stream: string, events: (MemberEvent | LedgerEvent)[]) => {
    last = await store.append(stream, toAppend(events));
    count += events.length;
  };

  for (const [i, id] of ids.entries()) {
    const mentor = ids[(i + 1) % ids.length]!;
    await append(`member-${id}`, [
      {
        type: 'MemberRegistered',
        data: { memberId: id, email: `${id}@example.com`, name: `Member ${i}`, timeZone: 'UTC', registeredAt: new Date(base + tick * 1000).toISOString() },
      },
      { type: 'ProfileDetailsChanged', data: { memberId: id, bio: `Bio of ${id}`, location: i % 2 ? 'Paris' : 'Lisbon' } },
      {
        type: 'SkillTaughtAdded',
        data: {
          memberId: id,
          skill: { id: `${id}-s1`, name: 'TypeScript', description: 'Types', category: 'Development', experienceLevel: 'expert', pointsPerHour: 1 + (i % 5) },
        },
      },
      { type: 'SkillToLearnAdded', data: { memberId: id, name: 'Go' } },
      { type: 'AvailabilityAdded', data: { memberId: id, entry: { day: 'Monday', startTime: '09:00', endTime: '12:00' } } },
    ]);
    const ledger: LedgerEvent[] = [
      { type: 'PointsGranted', data: { memberId: id, transactionId: `${id}-welcome`, amount: 3, reason: 'welcome', description: 'Welcome bonus' } },
      // Enough points for every session below, as an admin correction.
      { type: 'PointsGranted', data: { memberId: id, transactionId: `${id}-topup`, amount: options.sessionsPerMember, reason: 'correction', description: 'Top-up' } },
    ];
    for (let s = 0; s < options.sessionsPerMember; s++) {
      const holdId = `${id}-h${s}`;
      const sessionId = `${id}-s${s}`;
      ledger.push({ type: 'PointsHeld', data: { memberId: id, holdId, sessionId, amount: 1, description: 'Held for a session' } });
      ledger.push(
        s % 3 === 0
          ? { type: 'HoldRefunded', data: { memberId: id, holdId, sessionId, amount: 1, reason: 'rejected', description: 'Refund' } }
          : { type: 'HoldAdjudicated', data: { memberId: id, holdId, sessionId, amount: 1, mentorId: mentor, description: `Paid to ${mentor}` } },
      );
    }
    await append(`ledger-${id}`, ledger);
    const received = ledger.filter((e) => e.type === 'HoldAdjudicated').length;
    if (received > 0) {
      await append(
        `ledger-${mentor}`,
        Array.from({ length: received }, (_, r) => ({
          type: 'PointsReceived' as const,
          data: {
            memberId: mentor,
            transactionId: `${id}-r${r}`,
            holdId: `${id}-h${r}`,
            sessionId: `${id}-s${r}`,
            amount: 1,
            fromMemberId: id,
            description: `From ${id}`,
          },
        })),
      );
    }
  }
  return { memberIds: ids, events: count, last: last! };
};
