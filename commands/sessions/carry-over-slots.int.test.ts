// Reservations of the old one-stream-per-cell layout are carried over into the hour streams once, so a
// session booked before the change keeps its time (docs/decisions.md 38).
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../../eventstore/types.js';
import { openTestEventStore, wireTestCommands, type TestEventStore } from '../../test/support/test-event-store.js';
import { CARRY_OVER_STREAM, carryOverCellReservations } from './carry-over-slots.js';
import { reserveCells } from './slot-steps.js';
import { cellHolders } from './testing.js';

const NOW = '2026-03-02T08:00:00.000Z';
const at = (time: string) => `2026-03-04T${time}:00.000Z`;
const opened: TestEventStore[] = [];
const openStore = async () => {
  const fixture = await openTestEventStore('carry_over');
  opened.push(fixture);
  return fixture;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((f) => f.close()));
});

/** What the earlier version wrote: one stream per 15-minute cell. */
const legacy = async (store: EventStore, mentorId: string, type: 'SlotReserved' | 'SlotReleased', cell: string, sessionId: string) =>
  store.append(`slot-${mentorId}-${cell}`, [
    {
      type,
      data: { mentorId, slotStart: cell, sessionId },
      metadata: { eventId: randomUUID(), occurredAt: NOW, actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
    },
  ]);

const seedOldLayout = async (store: EventStore, mentorId: string) => {
  for (const time of ['10:00', '10:15', '10:30', '10:45']) await legacy(store, mentorId, 'SlotReserved', at(time), 'held-at-ten');
  await legacy(store, mentorId, 'SlotReserved', at('11:00'), 'cancelled');
  await legacy(store, mentorId, 'SlotReleased', at('11:00'), 'cancelled');
  for (const time of ['11:30', '11:45', '12:00']) await legacy(store, mentorId, 'SlotReserved', at(time), 'across-the-hour');
};

const context = { step: 'test', now: NOW, actorId: null, correlationId: 'test' };

describe('carrying old cell reservations over into hour streams', () => {
  it('keeps every cell still held in the old layout held by the same session, and frees the released ones', async () => {
    const { store, commands } = await openStore();
    const mentorId = randomUUID();
    await seedOldLayout(store, mentorId);

    expect(await carryOverCellReservations(commands.runtime, NOW)).toEqual({ carried: 7, refused: 0 });

    expect(await cellHolders(commands, mentorId, at('10:00'), 1)).toEqual(Array(4).fill('held-at-ten'));
    expect(await cellHolders(commands, mentorId, at('11:00'), 1.25)).toEqual([null, null, 'across-the-hour', 'across-the-hour', 'across-the-hour']);
    // A new booking overlapping a carried session is refused; the released cell can be booked.
    await expect(reserveCells(commands.runtime, { mentorId, sessionId: 'newcomer', cells: [at('10:30')] }, context)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(reserveCells(commands.runtime, { mentorId, sessionId: 'newcomer', cells: [at('11:00'), at('11:15')] }, context)).resolves.toHaveLength(1);
  });

  it('runs once per database: a later start reads only the marker', async () => {
    const { store, commands } = await openStore();
    const mentorId = randomUUID();
    await seedOldLayout(store, mentorId);
    await carryOverCellReservations(commands.runtime, NOW);
    await legacy(store, mentorId, 'SlotReserved', at('15:00'), 'written-by-an-old-process-later');

    expect(await carryOverCellReservations(commands.runtime, NOW)).toBeNull();
    expect(await cellHolders(commands, mentorId, at('15:00'), 0.25)).toEqual([null]);
    expect((await store.readStream(CARRY_OVER_STREAM)).map((e) => e.type)).toEqual(['SlotCellsCarriedOver']);
  });

  it('writes each reservation once when two processes start together', async () => {
    const { store, commands } = await openStore();
    const mentorId = randomUUID();
    await seedOldLayout(store, mentorId);

    await Promise.all([carryOverCellReservations(commands.runtime, NOW), carryOverCellReservations(wireTestCommands(store).runtime, NOW)]);

    const hourTen = await store.readStream(`slots-${mentorId}-${at('10:00')}`);
    expect(hourTen.map((e) => e.type)).toEqual(['SlotsReserved']);
    expect(await cellHolders(commands, mentorId, at('11:30'), 0.75)).toEqual(Array(3).fill('across-the-hour'));
    expect(await store.readStream(CARRY_OVER_STREAM)).toHaveLength(1);
  });

  it('writes only the marker on a database that never had the old layout', async () => {
    const { store, commands } = await openStore();
    expect(await carryOverCellReservations(commands.runtime, NOW)).toEqual({ carried: 0, refused: 0 });
    expect(await store.readStream(CARRY_OVER_STREAM)).toHaveLength(1);
  });
});
