import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PersistentMap } from './persistent-map.js';

type Op = { op: 'set'; key: string; value: number } | { op: 'delete'; key: string };

// Few distinct keys, so that sets and deletes meet; and many, so that the trie grows deep.
const key = fc.oneof(fc.constantFrom('a', 'b', 'c', '', 'comment-1', 'comment-2'), fc.string({ maxLength: 6 }));
const ops = fc.array(
  fc.oneof(fc.record({ op: fc.constant('set' as const), key, value: fc.integer({ min: 0, max: 3 }) }), fc.record({ op: fc.constant('delete' as const), key })),
  { maxLength: 300 },
);

const apply = (map: PersistentMap<number>, op: Op) => (op.op === 'set' ? map.set(op.key, op.value) : map.delete(op.key));

describe('PersistentMap', () => {
  it('answers as a native Map given the same sets and deletes', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const native = new Map<string, number>();
        let map = PersistentMap.empty<number>();
        for (const op of list) {
          if (op.op === 'set') native.set(op.key, op.value);
          else native.delete(op.key);
          map = apply(map, op);
          expect(map.size).toBe(native.size);
        }
        expect(new Map(map.entries())).toEqual(native);
        for (const k of ['a', 'b', 'c', '', 'comment-1', 'missing']) expect([map.has(k), map.get(k)]).toEqual([native.has(k), native.get(k)]);
      }),
    );
  });

  it('never changes a map it was derived from', () => {
    fc.assert(
      fc.property(ops, ops, (before, after) => {
        const base = before.reduce(apply, PersistentMap.empty<number>());
        const snapshot = [...base.entries()];
        after.reduce(apply, base);
        expect([...base.entries()]).toEqual(snapshot);
      }),
    );
  });

  it('has one shape for one set of entries, whatever the order they came in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 5 }), { maxLength: 200 }), fc.array(fc.string({ maxLength: 5 }), { maxLength: 100 }), (keys, dropped) => {
        const forwards = keys.reduce((m, k) => m.set(k, 1), PersistentMap.empty<number>());
        const backwards = [...keys, ...dropped].reverse().reduce((m, k) => m.set(k, 1), PersistentMap.empty<number>());
        const trimmed = dropped.filter((k) => !keys.includes(k)).reduce((m, k) => m.delete(k), backwards);
        expect(trimmed).toEqual(forwards);
      }),
    );
  });

  it('keeps keys whose hashes collide apart', () => {
    // "costarring" and "liquid" share their FNV-1a hash.
    const map = PersistentMap.empty<number>().set('costarring', 1).set('liquid', 2).set('other', 3);
    expect([map.get('costarring'), map.get('liquid'), map.size]).toEqual([1, 2, 3]);
    expect(map.delete('liquid').get('costarring')).toBe(1);
    expect(map.delete('liquid').delete('absent').size).toBe(2);
  });
});
