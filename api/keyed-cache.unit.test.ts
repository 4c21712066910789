import { describe, expect, it } from 'vitest';
import { createKeyedCache } from './keyed-cache.js';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('keyed cache of read-model answers', () => {
  it('answers the second read from memory', async () => {
    const cache = createKeyedCache<string>({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.get('a', load)).toBe('v1');
    expect(await cache.get('a', load)).toBe('v1');
    expect(loads).toBe(1);
  });

  it('loads again after an eviction', async () => {
    const cache = createKeyedCache<string>({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const load = async () => `v${++loads}`;
    await cache.get('a', load);
    cache.evict('a');
    expect(await cache.get('a', load)).toBe('v2');
  });

  it('does not store a load that overlapped an eviction of its key', async () => {
    const cache = createKeyedCache<string>({ maxEntries: 10, ttlMs: 1000 });
    const slow = deferred<string>();
    const pending = cache.get('a', () => slow.promise);
    cache.evict('a'); // a change landed while the old value was being read
    slow.resolve('stale');
    expect(await pending).toBe('stale');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('stores a load that began after the eviction another load overlapped', async () => {
    const cache = createKeyedCache<string>({ maxEntries: 10, ttlMs: 1000 });
    const old = deferred<string>();
    const fresh = deferred<string>();
    const first = cache.get('a', () => old.promise);
    cache.evict('a');
    const second = cache.get('a', () => fresh.promise); // read after the change: its answer is current
    old.resolve('stale');
    fresh.resolve('fresh');
    expect([await first, await second]).toEqual(['stale', 'fresh']);
    expect(await cache.get('a', async () => 'reloaded')).toBe('fresh');
  });

  it('does not store a load that failed, and loads again afterwards', async () => {
    const cache = createKeyedCache<string>({ maxEntries: 10, ttlMs: 1000 });
    await expect(cache.get('a', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    cache.evict('a');
    expect(await cache.get('a', async () => 'back')).toBe('back');
    expect(await cache.get('a', async () => 'again')).toBe('back');
  });

  it('does not store a load that overlapped a clear', async () => {
    const cache = createKeyedCache<string>({ maxEntries: 10, ttlMs: 1000 });
    const slow = deferred<string>();
    const pending = cache.get('a', () => slow.promise);
    cache.clear();
    slow.resolve('stale');
    await pending;
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('expires entries after the time to live', async () => {
    let clock = 0;
    const cache = createKeyedCache<string>({ maxEntries: 10, ttlMs: 100, now: () => clock });
    await cache.get('a', async () => 'old');
    clock = 101;
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('stays within its size bound', async () => {
    const cache = createKeyedCache<string>({ maxEntries: 3, ttlMs: 1000 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.get(key, async () => key);
    expect(cache.size()).toBe(3);
    let reloaded = false;
    await cache.get('a', async () => ((reloaded = true), 'a'));
    expect(reloaded).toBe(true);
  });
});
