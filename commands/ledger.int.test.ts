import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/shared.js';
import { adjudicateHold, grantCorrection, grantWelcomeBonus, loadLedger, placeHold, receivePoints, refundHold } from './ledger.js';
import { ledgerStreamId } from './stream-ids.js';
import { openTestEventStore, wireTestCommands, withReadBarrier, type TestEventStore } from '../test/support/test-event-store.js';

const NOW = '2026-11-22T09:00:00.000Z';
let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('ledger');
});
afterAll(async () => {
  await fixture?.close();
});

const deps = () => fixture.commands;
const context = (actorId: string) => ({ now: NOW, actorId });
const newMember = async () => {
  const id = randomUUID();
  await grantWelcomeBonus(deps(), { memberId: id }, context(id));
  return id;
};

describe('ledger commands', () => {
  it('holds points for a request and refunds them when the mentor rejects', async () => {
    const student = await newMember();
    const holdId = randomUUID();
    const hold = await placeHold(deps(), { memberId: student, holdId, sessionId: randomUUID(), amount: 2 }, context(student));
    expect(hold.state).toMatchObject({ available: 1, held: 2 });
    const refund = await refundHold(deps(), { memberId: student, holdId, reason: 'rejected' }, context(randomUUID()));
    expect(refund.events.map((e) => e.type)).toEqual(['HoldRefunded']);
    const ledger = await loadLedger(deps(), student);
    expect(ledger).toMatchObject({ available: 3, held: 0 });
    expect(ledger.holds.get(holdId)?.state).toBe('refunded');
  });

  it('moves the held points to the mentor on completion, once', async () => {
    const student = await newMember();
    const mentor = await newMember();
    const holdId = randomUUID();
    const sessionId = randomUUID();
    await placeHold(deps(), { memberId: student, holdId, sessionId, amount: 3 }, context(student));
    await adjudicateHold(deps(), { memberId: student, holdId, mentorId: mentor }, context(mentor));
    const received = { memberId: mentor, holdId, sessionId, amount: 3, fromMemberId: student };
    await receivePoints(deps(), received, context(mentor));
    const again = await receivePoints(deps(), received, context(mentor));
    expect(again).toMatchObject({ events: [], checkpoint: null });
    const [s, m] = await Promise.all([loadLedger(deps(), student), loadLedger(deps(), mentor)]);
    expect([s.available, s.held, m.available, m.held]).toEqual([0, 0, 6, 0]);
  });

  it('refuses a hold beyond the available points with the booking text', async () => {
    const student = await newMember();
    const attempt = placeHold(deps(), { memberId: student, holdId: randomUUID(), sessionId: randomUUID(), amount: 4 }, context(student));
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      message: 'Insufficient points. You need at least 4 point(s) to request this session.',
    });
  });

  it('never overspends when two holds race for the same points', async () => {
    const student = await newMember();
    const racing = wireTestCommands(withReadBarrier(fixture.store, 2));
    const outcomes = await Promise.allSettled([
      placeHold(racing, { memberId: student, holdId: randomUUID(), sessionId: randomUUID(), amount: 2 }, context(student)),
      placeHold(racing, { memberId: student, holdId: randomUUID(), sessionId: randomUUID(), amount: 2 }, context(student)),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failure?.reason).toMatchObject({ code: 'INSUFFICIENT_POINTS' });
    expect(await loadLedger(deps(), student)).toMatchObject({ available: 1, held: 2 });
  });

  it('grants the welcome bonus once when two grants race', async () => {
    const id = randomUUID();
    const racing = wireTestCommands(withReadBarrier(fixture.store, 2));
    const outcomes = await Promise.allSettled([grantWelcomeBonus(racing, { memberId: id }, context(id)), grantWelcomeBonus(racing, { memberId: id }, context(id))]);
    // The loser either finds its event already stored (same id) or is refused as a conflict.
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'CONFLICT' });
    }
    expect((await fixture.store.readStream(ledgerStreamId(id))).map((e) => e.type)).toEqual(['PointsGranted']);
    expect((await loadLedger(deps(), id)).available).toBe(3);
  });

  it('records an admin correction as a reversing entry with its reason', async () => {
    const member = await newMember();
    await grantCorrection(deps(), { memberId: member, amount: -2, description: 'Duplicate welcome' }, context('admin'));
    const events = await fixture.store.readStream(ledgerStreamId(member));
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ amount: 3, reason: 'welcome' }),
      expect.objectContaining({ amount: -2, reason: 'correction', description: 'Duplicate welcome' }),
    ]);
    expect(events[1]?.metadata.actorId).toBe('admin');
    expect((await loadLedger(deps(), member)).available).toBe(1);
  });
});
