// The cache of a query (cached-query.ts): one load per key shared by concurrent reads, forgotten on a
// clear (a load that overlapped the clear answered but neither kept nor joined), a failed load not kept,
// a refresh after its time that answers the old value meanwhile, and at most maxEntries kept.
import { describe, expect, it } from 'vitest';
import { createQueryCache } from './cached-query.js';

/** A 'read model' (a count) and a load of it that counts its calls and may be held open or made to fail. */
const readModel = () => {
  const state = { likes: 0, loads: 0, gate: null as Promise<void> | null, fail: false };
  const load = async () => {
    state.loads += 1;
    const likes = state.likes;
    if (state.gate) await state.gate;
    if (state.fail) throw new Error('read model unreachable');
    return { likes };
  };
  /** Holds the next loads open until the returned function is called. */
  const hold = () => {
    let open = () => {};
    state.gate = new Promise<void>((resolve) => (open = resolve));
    return () => {
      state.gate = null;
      open();
    };
  };
  return { state, load, hold };
};
// Lets the loads' promise chains settle (they are in memory): the next turn of the event loop, no fixed time.
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the cache of a query', () => {
  it('loads a value once for every read of a key, and once per key', async () => {
    const { state, load } = readModel();
    const cache = createQueryCache();
    expect(await cache.read('member /page', load)).toEqual({ likes: 0 });
    state.likes = 1;
    expect(await cache.read('member /page', load)).toEqual({ likes: 0 });
    expect(await cache.read('admin /page', load)).toEqual({ likes: 1 });
    expect(state.loads).toBe(2);
  });

  it('shares one load among the reads that arrive while it runs', async () => {
    const { state, load, hold } = readModel();
    const cache = createQueryCache();
    const open = hold();
    const reads = Promise.all([1, 2, 3].map(() => cache.read('k', load)));
    await tick();
    open();
    expect((await reads).map((r) => r.likes)).toEqual([0, 0, 0]);
    expect(state.loads).toBe(1);
  });

  it('loads again after a clear', async () => {
    const { state, load } = readModel();
    const cache = createQueryCache();
    await cache.read('k', load);
    state.likes = 4;
    cache.clear();
    expect(await cache.read('k', load)).toEqual({ likes: 4 });
    expect(state.loads).toBe(2);
  });

  it('neither keeps nor lets a later read join a load that overlapped a clear', async () => {
    const { state, load, hold } = readModel();
    const cache = createQueryCache();
    const open = hold();
    const before = cache.read('k', load);
    await tick();
    state.likes = 2;
    cache.clear();
    // Asked after the clear: a load of its own, not the one begun before it.
    const after = cache.read('k', load);
    open();
    expect(await before).toEqual({ likes: 0 });
    expect(await after).toEqual({ likes: 2 });
    expect(await cache.read('k', load)).toEqual({ likes: 2 });
    expect(state.loads).toBe(2);
  });

  it('does not keep a load that overlapped a clear when nobody asked again meanwhile', async () => {
    const { state, load, hold } = readModel();
    const cache = createQueryCache();
    const open = hold();
    const before = cache.read('k', load);
    await tick();
    state.likes = 6;
    cache.clear();
    open();
    expect(await before).toEqual({ likes: 0 });
    await tick();
    expect(await cache.read('k', load)).toEqual({ likes: 6 });
  });

  it('does not keep a failed load: the next read loads again', async () => {
    const { state, load } = readModel();
    const cache = createQueryCache();
    state.fail = true;
    await expect(cache.read('k', load)).rejects.toThrow('read model unreachable');
    expect(cache.size()).toBe(0);
    state.fail = false;
    expect(await cache.read('k', load)).toEqual({ likes: 0 });
    expect(state.loads).toBe(2);
    expect(cache.size()).toBe(1);
  });

  it('refreshes a value ttlMs after its load without a clear, answering the old one meanwhile', async () => {
    const { state, load, hold } = readModel();
    const clock = { now: 0 };
    const cache = createQueryCache({ ttlMs: 2_000, now: () => clock.now });
    await cache.read('k', load);
    state.likes = 3;
    clock.now = 1_999;
    expect(await cache.read('k', load)).toEqual({ likes: 0 });
    clock.now = 2_001;
    const open = hold();
    // One refresh starts; both reads are answered the old value without waiting for it.
    expect(await cache.read('k', load)).toEqual({ likes: 0 });
    expect(await cache.read('k', load)).toEqual({ likes: 0 });
    expect(state.loads).toBe(2);
    open();
    await tick();
    expect(await cache.read('k', load)).toEqual({ likes: 3 });
    expect(state.loads).toBe(2);
  });

  it('keeps the old value when its refresh fails, and refreshes again at the next read', async () => {
    const { state, load } = readModel();
    const clock = { now: 0 };
    const cache = createQueryCache({ ttlMs: 2_000, now: () => clock.now });
    await cache.read('k', load);
    state.likes = 5;
    state.fail = true;
    clock.now = 3_000;
    expect(await cache.read('k', load)).toEqual({ likes: 0 });
    await tick();
    state.fail = false;
    expect(await cache.read('k', load)).toEqual({ likes: 0 });
    await tick();
    expect(await cache.read('k', load)).toEqual({ likes: 5 });
    expect(state.loads).toBe(3);
  });

  it('keeps at most maxEntries values, forgetting the oldest key first', async () => {
    const { state, load } = readModel();
    const cache = createQueryCache({ maxEntries: 2 });
    await cache.read('a', load);
    await cache.read('b', load);
    await cache.read('c', load);
    expect(cache.size()).toBe(2);
    await cache.read('c', load);
    await cache.read('b', load);
    expect(state.loads).toBe(3);
    await cache.read('a', load);
    expect(state.loads).toBe(4);
  });
});
