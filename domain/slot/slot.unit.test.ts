import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared.js';
import { SLOT_TAKEN_MESSAGE, decideSlot, evolveSlot, initialSlotState } from './decider.js';
import type { SlotCommand } from './decider.js';
import type { SlotEvent } from './events.js';
import { slotStreamId } from './events.js';
import { slotsCovered } from './slots-covered.js';

const key = { mentorId: 'mentor-1', slotStart: '2026-03-05T14:00:00.000Z' };
const reserve = (sessionId: string): SlotCommand => ({ type: 'ReserveSlot', ...key, sessionId });
const release = (sessionId: string): SlotCommand => ({ type: 'ReleaseSlot', ...key, sessionId });

/** Runs commands in order against one slot stream, returning its events. */
const run = (...commands: SlotCommand[]): SlotEvent[] =>
  commands.reduce<SlotEvent[]>((events, command) => [...events, ...decideSlot(command, events.reduce(evolveSlot, initialSlotState()))], []);

const refusalOf = (runIt: () => unknown): DomainError | undefined => {
  try {
    runIt();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  return undefined;
};

describe('slot reservation', () => {
  it('reserves a free slot for a session', () => {
    expect(run(reserve('s1'))).toEqual([{ type: 'SlotReserved', data: { ...key, sessionId: 's1' } }]);
  });

  it('refuses a slot held by another active session with the spec text', () => {
    const error = refusalOf(() => run(reserve('s1'), reserve('s2')));
    expect(error?.code).toBe('CONFLICT');
    expect(error?.message).toBe('This time slot is no longer available. Please select a different time.');
    expect(SLOT_TAKEN_MESSAGE).toBe(error?.message);
  });

  it('treats a repeated reservation by the holder as already done', () => {
    expect(run(reserve('s1'), reserve('s1'))).toHaveLength(1);
  });

  it('frees the slot when the holder releases it, so another session can take it', () => {
    const events = run(reserve('s1'), release('s1'), reserve('s2'));
    expect(events.map((e) => `${e.type}:${e.data.sessionId}`)).toEqual(['SlotReserved:s1', 'SlotReleased:s1', 'SlotReserved:s2']);
  });

  it('ignores a repeated release and never frees a slot for a session that does not hold it', () => {
    expect(run(reserve('s1'), release('s1'), release('s1'))).toHaveLength(2);
    const events = run(reserve('s1'), release('s2'));
    expect(events).toHaveLength(1);
    expect(refusalOf(() => run(reserve('s1'), release('s2'), reserve('s3')))?.code).toBe('CONFLICT');
    expect(run(release('s1'))).toEqual([]);
  });

  it('names one stream per mentor and normalised cell start', () => {
    expect(slotStreamId('mentor-1', '2026-03-05T14:00Z')).toBe('slot-mentor-1-2026-03-05T14:00:00.000Z');
  });
});

describe('slotsCovered', () => {
  it('covers every quarter-hour cell of the session, so a 1.5 h session at 10:00 also blocks 11:00', () => {
    expect(slotsCovered('2026-03-05T10:00:00.000Z', 1.5)).toEqual([
      '2026-03-05T10:00:00.000Z',
      '2026-03-05T10:15:00.000Z',
      '2026-03-05T10:30:00.000Z',
      '2026-03-05T10:45:00.000Z',
      '2026-03-05T11:00:00.000Z',
      '2026-03-05T11:15:00.000Z',
    ]);
    expect(slotsCovered('2026-03-05T10:00:00.000Z', 0.75)).toHaveLength(3);
  });

  it('makes overlapping sessions share a cell and back-to-back ones share none', () => {
    const shared = (a: string[], b: string[]) => a.filter((cell) => b.includes(cell));
    expect(shared(slotsCovered('2026-03-05T10:00:00.000Z', 1.5), slotsCovered('2026-03-05T11:00:00.000Z', 1))).toEqual([
      '2026-03-05T11:00:00.000Z',
      '2026-03-05T11:15:00.000Z',
    ]);
    expect(shared(slotsCovered('2026-03-05T10:00:00.000Z', 0.75), slotsCovered('2026-03-05T11:00:00.000Z', 1))).toEqual([]);
    // 9:00 and 10:00 in Asia/Kolkata (UTC+5:30) are back to back and must not collide.
    expect(shared(slotsCovered('2026-03-05T03:30:00.000Z', 1), slotsCovered('2026-03-05T04:30:00.000Z', 1))).toEqual([]);
  });

  it('blocks the whole first cell when a start is off the grid', () => {
    expect(slotsCovered('2026-03-05T10:10:00.000Z', 0.75)[0]).toBe('2026-03-05T10:00:00.000Z');
    expect(slotsCovered('2026-03-05T10:10:00.000Z', 0.75)).toHaveLength(4);
  });

  it('refuses an invalid start or duration', () => {
    expect(refusalOf(() => slotsCovered('soon', 1))?.code).toBe('VALIDATION');
    expect(refusalOf(() => slotsCovered('2026-03-05T10:00:00.000Z', 0))?.code).toBe('VALIDATION');
  });
});
