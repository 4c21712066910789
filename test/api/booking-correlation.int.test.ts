// A booking's chain across streams (issue 30): the request, the hold in the student's ledger, the
// mentor's slot cells, the approval and the transfer on completion carry one correlation id (the
// session's), and each event a follow-up or reactor wrote names the event that triggered it as its
// causation, so the audit can follow a booking from any of its events. Member inputs are made as the
// API makes them (session-access.ts actionOf).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionOf } from '../../api/session-access.js';
import { requestSession } from '../../commands/sessions/request-session.js';
import { approveSession, markSessionCompleted } from '../../commands/sessions/session-actions.js';
import { MONDAY, newMember, newMentor } from '../../commands/sessions/testing.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { openTestEventStore, type TestEventStore } from '../support/test-event-store.js';

const WEDNESDAY_10 = '2026-03-04T10:00:00.000Z';
const AFTER_IT = '2026-03-04T11:30:00.000Z';

let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('booking_correlation');
});
afterAll(async () => {
  await fixture?.close();
});

const wholeLog = async (): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (;;) {
    const page = await fixture.store.readAll({ after: events.at(-1)?.checkpoint ?? null, limit: 1000 });
    if (page.length === 0) return events;
    events.push(...page);
  }
};

describe('a booking followed across streams', () => {
  it('carries one correlation id from request to transfer, each follow-up caused by the event that called for it', async () => {
    const deps = fixture.commands;
    const { mentorId, skillId } = await newMentor(deps, { pointsPerHour: 1 });
    const studentId = await newMember(deps);
    const sessionId = randomUUID();
    const member = (memberId: string, now: string) => actionOf({ params: { id: sessionId }, id: `req-${randomUUID()}` }, { memberId } as never, now);

    await requestSession(deps, { sessionId, studentId, instructorId: mentorId, skillId, startsAt: WEDNESDAY_10, durationHours: 1, message: 'Hooks?', now: MONDAY });
    await approveSession(deps, member(mentorId, MONDAY));
    await markSessionCompleted(deps, member(mentorId, AFTER_IT));

    const chain = (await wholeLog()).filter((e) => e.metadata.correlationId === sessionId);
    const types = chain.map((e) => e.type);
    for (const type of ['SessionRequested', 'PointsHeld', 'SessionApproved', 'SessionCompleted']) expect(types).toContain(type);
    // The mentor's slot cells and the student's points moved within the same chain.
    expect(chain.some((e) => e.streamId.startsWith('slots-'))).toBe(true);
    const transfer = chain.find((e) => e.streamId.startsWith('ledger-') && e.type !== 'PointsHeld' && e.metadata.causationId !== null);
    const completed = chain.find((e) => e.type === 'SessionCompleted')!;
    expect(transfer, `a ledger event of the transfer among ${types.join(', ')}`).toBeDefined();
    expect(transfer!.metadata.causationId).toBe(completed.metadata.eventId);
    // Every caused event names an event of the same chain, earlier in the log.
    const byId = new Map(chain.map((e) => [e.metadata.eventId, e]));
    for (const event of chain.filter((e) => e.metadata.causationId)) {
      const cause = byId.get(event.metadata.causationId!);
      expect(cause, `${event.type} is caused by an event of the chain`).toBeDefined();
      expect(cause!.globalPosition < event.globalPosition).toBe(true);
    }
    // The members' commands are theirs: caused by no event.
    expect(chain.find((e) => e.type === 'SessionApproved')?.metadata).toMatchObject({ actorId: mentorId, causationId: null });
  });
});
