// A step's `known`: a stream read moments ago saves the step's own read, and a stale one never
// changes the outcome (the append at the old revision fails and the step reads and decides again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { slotDecider } from '../../domain/slot/decider.js';
import { slotHourStreamId } from '../stream-ids.js';
import { openTestEventStore, type TestEventStore } from '../../test/support/test-event-store.js';

let fixture: TestEventStore;
beforeAll(async () => {
  fixture = await openTestEventStore('process_step');
});
afterAll(async () => {
  await fixture?.close();
});

const context = (step: string) => ({ step, now: '2026-03-02T08:00:00.000Z', actorId: null, correlationId: randomUUID() });
const reserve = (mentorId: string, sessionId: string) => ({
  type: 'ReserveCells' as const,
  mentorId,
  hourStart: '2026-03-04T10:00:00.000Z',
  cells: ['2026-03-04T10:00:00.000Z'],
  sessionId,
});

describe('a process step with a known stream', () => {
  it('appends on the known revision when the stream has not moved', async () => {
    const {
      store,
      commands: { runtime },
    } = fixture;
    const mentorId = randomUUID();
    const stream = slotHourStreamId(mentorId, '2026-03-04T10:00:00.000Z');
    const known = await runtime.load(slotDecider, stream);
    const result = await runtime.step(slotDecider, stream, reserve(mentorId, 's1'), context('a'), known);
    expect(result.events.map((e) => e.type)).toEqual(['SlotsReserved']);
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([expect.objectContaining({ sessionId: 's1' })]);
  });

  it('refuses as a fresh read would when another session took the stream after it was read', async () => {
    const {
      store,
      commands: { runtime },
    } = fixture;
    const mentorId = randomUUID();
    const stream = slotHourStreamId(mentorId, '2026-03-04T10:00:00.000Z');
    const stale = await runtime.load(slotDecider, stream);
    await runtime.step(slotDecider, stream, reserve(mentorId, 'other'), context('b'));
    await expect(runtime.step(slotDecider, stream, reserve(mentorId, 'mine'), context('c'), stale)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await store.readStream(stream)).map((e) => (e.data as { sessionId: string }).sessionId)).toEqual(['other']);
  });

  it('decides again on the stream when the known state would append nothing or refuse', async () => {
    const {
      store,
      commands: { runtime },
    } = fixture;
    const mentorId = randomUUID();
    const stream = slotHourStreamId(mentorId, '2026-03-04T10:00:00.000Z');
    // Known says another session holds the cell, but it is free: the step reads and reserves.
    const wrong = { state: { status: 'taken' as const, holders: { '2026-03-04T10:00:00.000Z': 'ghost' } }, revision: 0n };
    const result = await runtime.step(slotDecider, stream, reserve(mentorId, 'mine'), context('d'), wrong);
    expect(result.events.map((e) => e.type)).toEqual(['SlotsReserved']);
    // Known says the cell is ours already (nothing to do), but it was released: reserved again.
    await runtime.step(slotDecider, stream, { ...reserve(mentorId, 'mine'), type: 'ReleaseCells' as const }, context('e'));
    const ours = { state: { status: 'taken' as const, holders: { '2026-03-04T10:00:00.000Z': 'mine' } }, revision: 0n };
    const again = await runtime.step(slotDecider, stream, reserve(mentorId, 'mine'), context('f'), ours);
    expect(again.events.map((e) => e.type)).toEqual(['SlotsReserved']);
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['SlotsReserved', 'SlotsReleased', 'SlotsReserved']);
  });
});
