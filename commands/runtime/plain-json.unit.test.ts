import { List, Map as ImmutableMap, Set as ImmutableSet } from 'immutable';
import { describe, expect, it } from 'vitest';
import { diffStates, toPlainJson } from './plain-json.js';

/**
 * The read side of the hand-made persistent map that Immutable.js's replaced (decision 190; the file is gone): entries in
 * hash order, no Map or Immutable ancestry. Written here so that this test outlived that file.
 */
class PersistentMap<V> {
  private constructor(private readonly map: ReadonlyMap<string, V>) {}
  static empty<V>() {
    return new PersistentMap<V>(new Map());
  }
  static of<V>(entries: Iterable<readonly [string, V]>) {
    return new PersistentMap<V>(new Map([...entries].reverse()));
  }
  get size() {
    return this.map.size;
  }
  get = (key: string) => this.map.get(key);
  has = (key: string) => this.map.has(key);
  delete = (key: string) => new PersistentMap(new Map([...this.map].filter(([k]) => k !== key)));
  *entries(): Generator<[string, V]> {
    yield* this.map.entries();
  }
  [Symbol.iterator] = () => this.entries();
}

describe('a state as plain JSON', () => {
  it('writes bigints as decimal strings and leaves out what JSON cannot say', () => {
    const json = toPlainJson({ revision: 12345678901234567890n, gone: undefined, run: () => 1, ratio: Number.NaN, at: new Date('2026-03-02T08:00:00.000Z') });
    expect(json).toEqual({ revision: '12345678901234567890', ratio: null, at: '2026-03-02T08:00:00.000Z' });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('writes an Immutable Map, the hand-made persistent map and a JS Map as objects with their keys in order', () => {
    const comment = { authorId: 'a', likedBy: ImmutableMap({ z: true, m: true }) };
    const immutable = ImmutableMap<string, unknown>()
      .set('c2', comment)
      .set('c1', { ...comment, likedBy: ImmutableMap() });
    const persistent = PersistentMap.of<unknown>([
      [
        'c2',
        {
          ...comment,
          likedBy: PersistentMap.of([
            ['z', true],
            ['m', true],
          ]),
        },
      ],
      ['c1', { ...comment, likedBy: PersistentMap.empty() }],
    ]);
    const native = new Map<string, unknown>([
      [
        'c2',
        {
          ...comment,
          likedBy: new Map([
            ['m', true],
            ['z', true],
          ]),
        },
      ],
      ['c1', { ...comment, likedBy: new Map() }],
    ]);
    const expected = { c1: { authorId: 'a', likedBy: {} }, c2: { authorId: 'a', likedBy: { m: true, z: true } } };
    for (const map of [immutable, persistent, native]) {
      const json = toPlainJson({ comments: map });
      expect(json).toEqual({ comments: expected });
      expect(Object.keys((json as { comments: object }).comments)).toEqual(['c1', 'c2']);
    }
  });

  it('writes lists as arrays and sets as sorted arrays', () => {
    expect(toPlainJson({ list: List([3, 1]), set: ImmutableSet(['b', 'a']), native: new Set([2, 1]) })).toEqual({ list: [3, 1], set: ['a', 'b'], native: [1, 2] });
  });
});

describe('the change an event made', () => {
  it('names the smallest values that differ, inside maps too', () => {
    const before = { available: 3, held: 0, holds: ImmutableMap<string, { amount: number; state: string }>({ h1: { amount: 1, state: 'active' } }) };
    const after = { available: 1, held: 2, holds: before.holds.set('h2', { amount: 2, state: 'active' }).set('h1', { amount: 1, state: 'refunded' }) };
    expect(diffStates(before, after)).toEqual([
      { path: ['available'], kind: 'changed', before: 3, after: 1 },
      { path: ['held'], kind: 'changed', before: 0, after: 2 },
      { path: ['holds', 'h1', 'state'], kind: 'changed', before: 'active', after: 'refunded' },
      { path: ['holds', 'h2'], kind: 'added', after: { amount: 2, state: 'active' } },
    ]);
  });

  it('finds a removed entry and a changed list item, and nothing where nothing changed', () => {
    const likedBy = PersistentMap.of([['m1', true as const]]);
    expect(diffStates({ likedBy, skills: ['a', 'b'] }, { likedBy: likedBy.delete('m1'), skills: ['a', 'c', 'd'] })).toEqual([
      { path: ['likedBy', 'm1'], kind: 'removed', before: true },
      { path: ['skills', 1], kind: 'changed', before: 'b', after: 'c' },
      { path: ['skills', 2], kind: 'added', after: 'd' },
    ]);
    const state = { a: 1, nested: { b: [1, 2] } };
    expect(diffStates(state, { ...state, nested: { b: [1, 2] } })).toEqual([]);
  });

  it('says a whole value changed when its shape did', () => {
    expect(diffStates({ pending: null }, { pending: { requestId: 'r1' } })).toEqual([{ path: ['pending'], kind: 'changed', before: null, after: { requestId: 'r1' } }]);
    expect(diffStates({ status: 'absent' }, { status: 'active', likedBy: ImmutableMap() })).toEqual([
      { path: ['status'], kind: 'changed', before: 'absent', after: 'active' },
      { path: ['likedBy'], kind: 'added', after: {} },
    ]);
  });
});
