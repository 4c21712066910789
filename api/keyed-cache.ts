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
  const generations = new Map<string, number>();
  let epoch = 0; // bumped by clear(), so loads that overlap a clear are not stored either

  const generationOf = (key: string) => `${epoch}:${generations.get(key) ?? 0}`;

  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value;
      if (hit) entries.delete(key);
      const before = generationOf(key);
      const value = await load();
      if (generationOf(key) === before) {
        if (entries.size >= maxEntries) {
          // Maps keep insertion order: dropping the oldest entry is enough for a bounded cache.
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, { value, expiresAt: now() + ttlMs });
      }
      return value;
    },
    evict(key) {
      entries.delete(key);
      generations.set(key, (generations.get(key) ?? 0) + 1);
      // Generation counters only matter while a load is in flight; keep the map from growing forever.
      if (generations.size > maxEntries * 4) generations.clear();
      if (generations.size === 0) epoch += 1;
    },
    clear() {
      entries.clear();
      generations.clear();
      epoch += 1;
    },
    size: () => entries.size,
  };
};
