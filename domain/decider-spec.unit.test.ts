import { describe, expect, it } from 'vitest';
import { DecisionSpecification, DeciderSpecification, expectRefusal } from './decider-spec.js';
import { DomainError } from './shared.js';
import type { Decider } from './shared.js';

// A counter that refuses to go below zero, and fails unexpectedly on a step of 13.
type Counted = { type: 'Counted'; data: { by: number; note?: string } };
type Count = { type: 'Count'; by: number; note?: string };
const counter: Decider<number, Count, Counted> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command, total) => {
    if (command.by === 13) throw new TypeError('unlucky');
    if (total + command.by < 0) throw new DomainError('INSUFFICIENT_POINTS', `Only ${total} left`);
    return command.by === 0 ? [] : [{ type: 'Counted', data: { by: command.by, note: command.note } }];
  },
};
const counted = (by: number): Counted => ({ type: 'Counted', data: { by } });
const given = DeciderSpecification.for(counter);

describe('DeciderSpecification', () => {
  it('passes when the command appends exactly the expected events, undefined fields counting as absent', () => {
    expect(() =>
      given([counted(2)])
        .when({ type: 'Count', by: -2 })
        .then([counted(-2)]),
    ).not.toThrow();
    expect(() => given([]).when({ type: 'Count', by: 0 }).then([])).not.toThrow();
  });

  it('fails with the actual and expected events when they differ', () => {
    let failure: unknown;
    try {
      given([])
        .when({ type: 'Count', by: 1, note: 'x' })
        .then([counted(1)]);
    } catch (error) {
      failure = error;
    }
    expect(failure).toMatchObject({
      message: 'The decider did not append the expected events',
      actual: [{ type: 'Counted', data: { by: 1, note: 'x' } }],
      expected: [counted(1)],
    });
    expect(() =>
      given([])
        .when({ type: 'Count', by: 1 })
        .then([counted(1), counted(1)]),
    ).toThrow('expected events');
  });

  it('folds the given events into the state the command meets', () => {
    expect(
      given([counted(3), counted(-1)])
        .when({ type: 'Count', by: -3 })
        .thenRefuses('INSUFFICIENT_POINTS', 'Only 2 left'),
    ).toBeInstanceOf(DomainError);
    expect(() =>
      given([counted(3), counted(-1)])
        .when({ type: 'Count', by: -2 })
        .then([counted(-2)]),
    ).not.toThrow();
  });

  it('fails a refusal expectation when the command is accepted, refused otherwise, or refused with another text', () => {
    expect(() => given([]).when({ type: 'Count', by: 1 }).thenRefuses('INSUFFICIENT_POINTS')).toThrow('but the command was accepted');
    expect(() => given([]).when({ type: 'Count', by: -1 }).thenRefuses('VALIDATION')).toThrow('Expected a VALIDATION refusal, got INSUFFICIENT_POINTS');
    expect(() => given([]).when({ type: 'Count', by: -1 }).thenRefuses('INSUFFICIENT_POINTS', 'No')).toThrow('Expected the refusal "No"');
  });

  it('lets an error that is not a refusal through unchanged', () => {
    expect(() => given([]).when({ type: 'Count', by: 13 }).thenRefuses('VALIDATION')).toThrow(TypeError);
    expect(() => expectRefusal(() => JSON.parse('{'), 'VALIDATION')).toThrow(SyntaxError);
  });

  it('matches events in part, field by field at any depth, item by item, and returns what was decided', () => {
    const decided = given([])
      .when({ type: 'Count', by: 2, note: 'x' })
      .thenMatches([{ data: { note: 'x' } }]);
    expect(decided).toEqual([{ type: 'Counted', data: { by: 2, note: 'x' } }]);
    expect(
      given([])
        .when({ type: 'Count', by: 2 })
        .then([counted(2)]),
    ).toEqual([counted(2)]);
  });

  it('fails a partial match on another value or another number of events, and on a refusal', () => {
    expect(() =>
      given([])
        .when({ type: 'Count', by: 2 })
        .thenMatches([{ data: { by: 3 } }]),
    ).toThrow('events matching the expected ones');
    expect(() => given([]).when({ type: 'Count', by: 2 }).thenMatches([{}, {}])).toThrow('events matching');
    expect(() =>
      given([])
        .when({ type: 'Count', by: 0 })
        .thenMatches([{ type: 'Counted' }]),
    ).toThrow('events matching');
    expect(() => given([]).when({ type: 'Count', by: -1 }).thenMatches([])).toThrow(DomainError);
  });

  it('states a decision over several states the same way', () => {
    const transfer = DecisionSpecification.for((amount: number, states: { from: number; to: number }) => {
      if (amount > states.from) throw new DomainError('INSUFFICIENT_POINTS', 'Not enough');
      return { from: states.from - amount, to: states.to + amount };
    });
    expect(transfer({ from: 3, to: 0 }).when(2).then({ from: 1, to: 2 })).toEqual({ from: 1, to: 2 });
    expect(() => transfer({ from: 3, to: 0 }).when(2).then({ from: 1, to: 3 })).toThrow('expected events');
    transfer({ from: 3, to: 0 }).when(3).thenMatches({ from: 0 });
    transfer({ from: 3, to: 0 }).when(4).thenRefuses('INSUFFICIENT_POINTS', 'Not enough');
  });

  it('is not a promise: awaiting a spec fails instead of hanging', async () => {
    const awaited: unknown = given([]).when({ type: 'Count', by: 1 });
    await expect(Promise.resolve(awaited)).rejects.toThrow('is not awaited');
  });
});
