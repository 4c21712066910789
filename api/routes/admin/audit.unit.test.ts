import { describe, expect, it } from 'vitest';
import { stateDiff } from './audit.js';

describe("time travel's diff", () => {
  it('names each added, removed and changed path with its old and new value', () => {
    expect(stateDiff({ status: 'requested', holds: ['a'], gone: 1 }, { status: 'confirmed', holds: ['a', 'b'], link: 'x' })).toEqual([
      { kind: 'changed', path: ['status'], before: 'requested', after: 'confirmed' },
      { kind: 'added', path: ['holds', 1], after: 'b' },
      { kind: 'removed', path: ['gone'], before: 1 },
      { kind: 'added', path: ['link'], after: 'x' },
    ]);
  });

  it('answers one change at the root when a state is not an object or changes kind, and none when equal', () => {
    expect(stateDiff(null, { status: 'requested' })).toEqual([{ kind: 'changed', path: [], before: null, after: { status: 'requested' } }]);
    expect(stateDiff([1], { 0: 1 })).toHaveLength(1);
    expect(stateDiff(3, 3)).toEqual([]);
    expect(stateDiff({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
  });
});
