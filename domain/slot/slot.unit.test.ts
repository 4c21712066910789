import { describe, expect, it } from 'vitest';
import { DeciderSpecification, expectRefusal } from '../decider-spec.js';
import { SLOT_TAKEN_MESSAGE, decideSlot, evolveSlot, holderOf, initialSlotState, slotDecider } from './decider.js';
import type { SlotCommand } from './decider.js';
import type { SlotEvent } from './events.js';
import { slotHourStreamId } from './events.js';
import { cellsByHour, hourOfCell, slotsCovered } from './slots-covered.js';

const hour = { mentorId: 'mentor-1', hourStart: '2026-03-05T14:00:00.000Z' };
const cell = (minute: number) => `2026-03-05T14:${String(minute).padStart(2, '0')}:00.000Z`;
const reserve = (sessionId: string, cells = [cell(0), cell(15), cell(30), cell(45)]): SlotCommand => ({ type: 'ReserveCells', ...hour, cells, sessionId });
const release = (sessionId: string, cells = [cell(0), cell(15), cell(30), cell(45)]): SlotCommand => ({ type: 'ReleaseCells', ...hour, cells, sessionId });

/** The history of one hour stream after these commands, each decided on the events before it. */
const run = (...commands: SlotCommand[]): SlotEvent[] =>
  commands.reduce<SlotEvent[]>((events, command) => [...events, ...decideSlot(command, events.reduce(evolveSlot, initialSlotState()))], []);

const given = DeciderSpecification.for(slotDecider);

describe('slot reservation in an hour stream', () => {
  it('reserves the free cells of the hour for a session in one event', () => {
    given([])
      .when(reserve('s1'))
      .then([{ type: 'SlotsReserved', data: { ...hour, sessionId: 's1', cells: [cell(0), cell(15), cell(30), cell(45)] } }]);
  });

  it('refuses when another active session holds any of the cells, with the spec text', () => {
    const error = given(run(reserve('s1', [cell(30), cell(45)])))
      .when(reserve('s2', [cell(15), cell(30)]))
      .thenRefuses('CONFLICT', 'This time slot is no longer available. Please select a different time.');
    expect(SLOT_TAKEN_MESSAGE).toBe(error.message);
  });

  it('lets two sessions share an hour when their cells do not overlap', () => {
    const events = run(reserve('s1', [cell(0), cell(15)]), reserve('s2', [cell(30), cell(45)]));
    const state = events.reduce(evolveSlot, initialSlotState());
    expect([0, 15, 30, 45].map((m) => holderOf(state, cell(m)))).toEqual(['s1', 's1', 's2', 's2']);
  });

  it('treats a repeated reservation by the holder as already done, and takes only the cells it lacks', () => {
    given(run(reserve('s1')))
      .when(reserve('s1'))
      .then([]);
    given(run(reserve('s1', [cell(0)])))
      .when(reserve('s1', [cell(0), cell(15)]))
      .then([{ type: 'SlotsReserved', data: { ...hour, sessionId: 's1', cells: [cell(15)] } }]);
  });

  it('frees the cells when the holder releases them, so another session can take them', () => {
    const reserved = run(reserve('s1'));
    const released = [
      ...reserved,
      ...given(reserved)
        .when(release('s1'))
        .thenMatches([{ type: 'SlotsReleased', data: { sessionId: 's1' } }]),
    ];
    const events = [
      ...released,
      ...given(released)
        .when(reserve('s2'))
        .thenMatches([{ type: 'SlotsReserved', data: { sessionId: 's2' } }]),
    ];
    expect(events.reduce(evolveSlot, initialSlotState())).toEqual({ status: 'taken', holders: Object.fromEntries([0, 15, 30, 45].map((m) => [cell(m), 's2'])) });
  });

  it('ignores a repeated release and never frees cells for a session that does not hold them', () => {
    given(run(reserve('s1'), release('s1')))
      .when(release('s1'))
      .then([]);
    given(run(reserve('s1')))
      .when(release('s2'))
      .then([]);
    given(run(reserve('s1'), release('s2')))
      .when(reserve('s3'))
      .thenRefuses('CONFLICT');
    given([]).when(release('s1')).then([]);
    // Only the releasing session's own cells of those named are given back.
    given(run(reserve('s1', [cell(0)]), reserve('s2', [cell(15)])))
      .when(release('s1', [cell(0), cell(15)]))
      .then([{ type: 'SlotsReleased', data: { ...hour, sessionId: 's1', cells: [cell(0)] } }]);
  });

  it('never lets an event take over a cell another session holds', () => {
    const state = [
      { type: 'SlotsReserved', data: { ...hour, sessionId: 's1', cells: [cell(0)] } },
      { type: 'SlotsReserved', data: { ...hour, sessionId: 's2', cells: [cell(0), cell(15)] } },
    ].reduce((s, e) => evolveSlot(s, e as SlotEvent), initialSlotState());
    expect([holderOf(state, cell(0)), holderOf(state, cell(15))]).toEqual(['s1', 's2']);
  });

  it('refuses cells outside the hour and an empty list', () => {
    given([])
      .when(reserve('s1', [cell(45), '2026-03-05T15:00:00.000Z']))
      .thenRefuses('VALIDATION');
    given([]).when(reserve('s1', [])).thenRefuses('VALIDATION');
  });

  it('names one stream per mentor and normalised UTC hour', () => {
    expect(slotHourStreamId('mentor-1', '2026-03-05T14:00Z')).toBe('slots-mentor-1-2026-03-05T14:00:00.000Z');
    expect(hourOfCell('2026-03-05T14:45:00.000Z')).toBe('2026-03-05T14:00:00.000Z');
    // Instants in other spellings land in the same hour.
    expect(hourOfCell('2026-03-05T14:45Z')).toBe('2026-03-05T14:00:00.000Z');
    expect(hourOfCell('2026-03-05T20:15:00+05:30')).toBe('2026-03-05T14:00:00.000Z');
  });
});

describe('cellsByHour', () => {
  it('groups a session crossing the hour into its hours, in time order', () => {
    // 1.5 h from 10:45 (e.g. 16:15 in Kolkata): three hour streams.
    expect(cellsByHour(slotsCovered('2026-03-05T10:45:00.000Z', 1.5))).toEqual([
      ['2026-03-05T10:00:00.000Z', ['2026-03-05T10:45:00.000Z']],
      ['2026-03-05T11:00:00.000Z', ['2026-03-05T11:00:00.000Z', '2026-03-05T11:15:00.000Z', '2026-03-05T11:30:00.000Z', '2026-03-05T11:45:00.000Z']],
      ['2026-03-05T12:00:00.000Z', ['2026-03-05T12:00:00.000Z']],
    ]);
    expect(cellsByHour(slotsCovered('2026-03-05T10:00:00.000Z', 1))).toHaveLength(1);
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
    expectRefusal(() => slotsCovered('soon', 1), 'VALIDATION');
    expectRefusal(() => slotsCovered('2026-03-05T10:00:00.000Z', 0), 'VALIDATION');
  });
});
