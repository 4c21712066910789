// The sign-in sessions this process has looked up lately, so a member's burst of requests costs one
// database read per few seconds instead of one each. It never outlives a revocation made here: the
// entry holds the load's promise from the moment the load starts, so evicting it (after the revoking
// UPDATE committed) also drops a load that was still reading the old row. Another process's revocation
// evicts on its NOTIFY; the short TTL bounds the time a lost NOTIFY leaves a revoked record remembered.
export interface SessionCache<V> {
  /** The remembered record (null: none), loading it on a miss. */
  get(sessionKey: string): Promise<V | null>;
  evict(sessionKey: string): void;
  evictMember(memberId: string): void;
}

interface Entry<V> {
  pending: Promise<V | null>;
  /** Known once the load has settled; until then a member's revocation drops the entry anyway. */
  memberId: string | null | undefined;
  /** Wall-clock time: freshness of a copy, unrelated to the sessions' lifetimes on the injected clock. */
  expiresAt: number;
}

export interface SessionCacheOptions<V> {
  load: (sessionKey: string) => Promise<V | null>;
  memberOf: (value: V) => string;
  ttlMs: number;
  maxEntries: number;
}

export const createSessionCache = <V>(opts: SessionCacheOptions<V>): SessionCache<V> => {
  const entries = new Map<string, Entry<V>>();
  return {
    get(sessionKey) {
      const hit = entries.get(sessionKey);
      if (hit && hit.expiresAt > Date.now()) return hit.pending;
      if (hit) entries.delete(sessionKey);
      if (entries.size >= opts.maxEntries) {
        // Maps keep insertion order: dropping the oldest entry is enough for a bounded cache.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const entry: Entry<V> = { pending: opts.load(sessionKey), memberId: undefined, expiresAt: Date.now() + opts.ttlMs };
      entries.set(sessionKey, entry);
      entry.pending.then(
        (known) => {
          entry.memberId = known === null ? null : opts.memberOf(known);
        },
        // A failed read is not remembered: the next request asks again.
        () => {
          if (entries.get(sessionKey) === entry) entries.delete(sessionKey);
        },
      );
      return entry.pending;
    },
    evict(sessionKey) {
      entries.delete(sessionKey);
    },
    evictMember(memberId) {
      for (const [key, entry] of entries) if (entry.memberId === undefined || entry.memberId === memberId) entries.delete(key);
    },
  };
};
