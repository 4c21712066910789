import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.js';

interface Known {
  memberId: string;
  version: number;
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

const counting = (answers: (Known | null | Promise<Known | null>)[]) => {
  const loads: string[] = [];
  const cache = createSessionCache<Known>({
    load: async (key) => {
      loads.push(key);
      return answers.shift() ?? null;
    },
    memberOf: (known) => known.memberId,
    ttlMs: 60_000,
    maxEntries: 2,
  });
  return { cache, loads };
};

describe('the session cache', () => {
  it('reads a session once while it is remembered, misses included', async () => {
    const { cache, loads } = counting([{ memberId: 'm1', version: 1 }, null]);
    expect(await cache.get('k1')).toEqual({ memberId: 'm1', version: 1 });
    expect(await cache.get('k1')).toEqual({ memberId: 'm1', version: 1 });
    expect(await cache.get('unknown')).toBeNull();
    expect(await cache.get('unknown')).toBeNull();
    expect(loads).toEqual(['k1', 'unknown']);
  });

  it('forgets a session evicted while its read was still under way', async () => {
    const slow = deferred<Known | null>();
    const { cache, loads } = counting([slow.promise, null]);
    const first = cache.get('k1');
    cache.evict('k1'); // the revoking UPDATE committed meanwhile
    slow.resolve({ memberId: 'm1', version: 1 });
    await first;
    expect(await cache.get('k1')).toBeNull();
    expect(loads).toEqual(['k1', 'k1']);
  });

  it('forgets every session of a member, and those whose member is not known yet', async () => {
    const pending = deferred<Known | null>();
    const { cache, loads } = counting([{ memberId: 'm1', version: 1 }, pending.promise, { memberId: 'm1', version: 2 }, { memberId: 'm2', version: 2 }]);
    await cache.get('a');
    void cache.get('b');
    cache.evictMember('m1');
    pending.resolve({ memberId: 'm2', version: 1 });
    expect(await cache.get('a')).toEqual({ memberId: 'm1', version: 2 });
    expect(await cache.get('b')).toEqual({ memberId: 'm2', version: 2 });
    expect(loads).toEqual(['a', 'b', 'a', 'b']);
  });

  it('does not remember a failed read, and stays bounded', async () => {
    const { cache, loads } = counting([Promise.reject(new Error('db down')), { memberId: 'm1', version: 1 }, null, null]);
    await expect(cache.get('k1')).rejects.toThrow('db down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k1')).toEqual({ memberId: 'm1', version: 1 });
    await cache.get('k2');
    await cache.get('k3'); // maxEntries 2: k1 goes
    await cache.get('k1');
    expect(loads).toEqual(['k1', 'k1', 'k2', 'k3', 'k1']);
  });
});
