import { describe, expect, it } from 'vitest';
import { STATE_CUT_KEY } from '../../contracts/admin-streams.js';
import { foldView, stateDiff } from './audit.js';

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

describe("time travel's states, bounded", () => {
  const comments = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`c${String(i).padStart(5, '0')}`, { likedBy: { [`m${i}`]: true } }]));

  it('cuts a collection past the limit to its first entries and those the diff passes through, says how many more, and keeps the diff whole', () => {
    const before = { status: 'active', comments: comments(10_000), tags: Array.from({ length: 50 }, (_, i) => `t${i}`) };
    const after = { ...before, comments: { ...before.comments, c09999: { likedBy: { m9999: true, m1: true } } } };
    const fold = foldView('post', before, after, 3);

    expect(fold.diff).toEqual([{ kind: 'added', path: ['comments', 'c09999', 'likedBy', 'm1'], after: true }]);
    expect(fold.after).toEqual({
      status: 'active',
      comments: {
        c00000: { likedBy: { m0: true } },
        c00001: { likedBy: { m1: true } },
        c00002: { likedBy: { m2: true } },
        c09999: { likedBy: { m9999: true, m1: true } },
        [STATE_CUT_KEY]: '9996 more',
      },
      tags: ['t0', 't1', 't2', { [STATE_CUT_KEY]: '47 more' }],
    });
    expect(fold.shortened.after).toEqual([
      { path: ['comments'], shown: 4, total: 10_000 },
      { path: ['tags'], shown: 3, total: 50 },
    ]);
    expect(fold.shortened.before).toEqual(fold.shortened.after);
    // The answer no longer grows with the collection: at 10,000 comments only the counts have more digits than at 100.
    const small = foldView('post', { comments: comments(100) }, { comments: comments(100) }, 3);
    const large = foldView('post', { comments: comments(10_000) }, { comments: comments(10_000) }, 3);
    expect(JSON.stringify(large).length - JSON.stringify(small).length).toBeLessThanOrEqual(8);
  });

  it('keeps at most the limit again of changed keys past the first entries, and leaves short states whole', () => {
    const before = comments(100);
    const after = Object.fromEntries(Object.entries(before).map(([id]) => [id, { likedBy: {} }]));
    const fold = foldView('post', before, after, 5);
    expect(fold.diff).toHaveLength(100);
    expect(Object.keys(fold.after as object)).toHaveLength(5 + 5 + 1);
    expect(fold.shortened.after).toEqual([{ path: [], shown: 10, total: 100 }]);

    const whole = foldView('member', { status: 'active', skills: ['a', 'b'] }, { status: 'active', skills: ['a', 'b', 'c'] }, 5);
    expect(whole).toMatchObject({ before: { skills: ['a', 'b'] }, after: { skills: ['a', 'b', 'c'] }, shortened: { before: [], after: [] } });
  });
});
