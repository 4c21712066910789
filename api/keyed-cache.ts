// A small in-process cache of read-model answers, keyed by member id and evicted by the projections'
// change notices (the same NOTIFY that drives the websockets), so a hot read such as GET /api/user does
// not go to the database on every call. Correctness rests on three rules:
// - every notice for a key evicts it before any socket is told to refetch;
// - a load that overlaps an eviction of its key is returned but not stored (generation check), so a slow
//   read that started before a change can never put the old value back;
// - entries expire after `ttlMs` anyway, and `clear()` runs whenever notices may have been missed.
export interface KeyedCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  evict(key: string): void;
  clear(): void;
  size(): number;
}

export interface KeyedCacheOptions {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export const createKeyedCache = <V>({ maxEntries, ttlMs, now = Date.now }: KeyedCacheOptions): KeyedCache<V> => {
  const entries = new Map<string, Entry<V>>();
  // Per key with a load in flight: how many loads, and how many evictions since the first began. Only
  // those keys need counting (an eviction of any other key just deletes its entry), so under a stream of
  // notices about thousands of members this stays as small as the number of concurrent loads.
  const loading = new Map<string, { loads: number; evictions: number }>();
  let epoch = 0; // bumped by clear(), so loads that overlap a clear are not stored either

  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      if (hit) entries.delete(key);
      let inFlight = loading.get(key);
      if (!inFlight) loading.set(key, (inFlight = { loads: 0, evictions: 0 }));
      inFlight.loads += 1;
      const before = { epoch, evictions: inFlight.evictions };
      try {
        const value = await load();
        if (epoch === before.epoch && inFlight.evictions === before.evictions) {
          if (entries.size >= maxEntries) {
            // Maps keep insertion order: dropping the oldest entry is enough for a bounded cache.
            const oldest = entries.keys().next();
            if (!oldest.done) entries.delete(oldest.value);
          }
          entries.set(key, { value, expiresAt: now() + ttlMs });
        }
        return value;
      } finally {
        inFlight.loads -= 1;
        if (inFlight.loads === 0 && loading.get(key) === inFlight) loading.delete(key);
      }
    },
    evict(key) {
      entries.delete(key);
      const inFlight = loading.get(key);
      if (inFlight) inFlight.evictions += 1;
    },
    clear() {
      entries.clear();
      epoch += 1;
    },
    size: () => entries.size,
  };
};
