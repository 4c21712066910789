// Reads whose answer is the same for every member, such as the feed's first page before each member's
// likes are marked: a route opts in with `config: { sharedRead }`, a test of the change notices' payloads
// that can make its answer stale, and loads through `request.sharedRead(variant, load)`. The value is kept
// per URL and variant (an admin's page shows deleted posts) and shared by every member, so a crowd of
// members opening the feed costs one read until something changes. It never hides a change:
// - a notice that a route's test names clears every entry before any socket is told to refetch (the composition
//   root hands `noticed` the notices ahead of the websocket hub); a load that overlapped the clear is
//   answered to the requests that asked for it, but neither kept nor joined;
// - when the read models show a write noted in this process (reply.afterWrite), every value is cleared
//   before the requests waiting for that write go on (read-your-writes.ts), so from then on nobody here is
//   answered by a value loaded before it: the writer, the members it concerns, and the next reader too
//   (a write of another process shows here with its notice);
// - a value is refreshed `ttlMs` (2 s) after its load, which bounds what depends on the clock (a card's
//   AI status): the old value is answered while one request's refresh loads, so nobody waits for it.
// Concurrent requests for a missing value share one load, so a clear under load costs one read, not one
// per waiting request.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeNotice } from '../../projections/types.js';
import type { LivePayload } from '../contracts/live.js';
import type { NotedWrites } from './read-your-writes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Values loaded by request.sharedRead on this route are kept until a notice whose payload this answers true for. */
    sharedRead?: (payload: LivePayload) => boolean;
  }
  interface FastifyRequest {
    /** The value of `load` for this URL and variant, shared by every member until a change (plugins/shared-reads.ts). */
    sharedRead<T>(variant: string, load: () => Promise<T>): Promise<T>;
  }
  interface FastifyReply {
    /**
     * The route's answer made from a shared value and what of the member it depends on (`personal`, a short
     * key): serialised once per value and key, and sent as it is to every member with the same key.
     */
    sendShared(shared: object, personal: string, answer: () => unknown): FastifyReply;
  }
}

export interface SharedReads {
  noticed(notices: readonly ChangeNotice[]): void;
  size(): number;
}

export interface SharedReadsOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  value: Promise<unknown>;
  /** When the value is due for a refresh; null while its first load runs (others may join it). */
  refreshAt: number | null;
  refreshing: boolean;
}

export const registerSharedReads = (
  app: FastifyInstance,
  writes: NotedWrites,
  { ttlMs, maxEntries, now = Date.now }: SharedReadsOptions = { ttlMs: 2_000, maxEntries: 256 },
): SharedReads => {
  const entries = new Map<string, Entry>();
  const clearedBy: ((payload: LivePayload) => boolean)[] = [];
  // A clear starts an epoch; a load begun in an earlier one is not kept.
  let epoch = 0;
  const clear = () => {
    entries.clear();
    epoch += 1;
  };
  writes.onShown(clear);

  app.addHook('onRoute', (route) => {
    const clears = route.config?.sharedRead;
    if (clears && !clearedBy.includes(clears)) clearedBy.push(clears);
  });

  /** Loads the value for `key` as of now, kept once loaded if no clear came meanwhile. */
  const loadInto = (key: string, load: () => Promise<unknown>, previous?: Entry): Promise<unknown> => {
    const inEpoch = epoch;
    const entry: Entry = { value: load(), refreshAt: null, refreshing: false };
    if (!previous) {
      if (!entries.has(key) && entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    }
    entry.value.then(
      () => {
        const current = entries.get(key);
        if (epoch === inEpoch && (current === entry || current === previous)) entries.set(key, { ...entry, refreshAt: now() + ttlMs });
      },
      () => {
        const current = entries.get(key);
        if (current === entry) entries.delete(key);
        else if (current && current === previous) current.refreshing = false;
      },
    );
    return entry.value;
  };

  // Answers live as long as their shared value: a cleared value takes its answers with it.
  const answers = new WeakMap<object, Map<string, string>>();
  app.decorateReply('sendShared', function (this: FastifyReply, shared: object, personal: string, answer: () => unknown) {
    let known = answers.get(shared);
    if (!known) answers.set(shared, (known = new Map()));
    let body = known.get(personal);
    if (body === undefined) {
      body = this.serialize(answer()) as string;
      if (known.size < 64) known.set(personal, body);
    }
    return this.type('application/json; charset=utf-8').send(body);
  });

  app.decorateRequest('sharedRead', function <T>(this: FastifyRequest, variant: string, load: () => Promise<T>): Promise<T> {
    if (!this.routeOptions.config.sharedRead)
      throw new Error(`${this.routeOptions.url} reads shared values without naming the notices that clear them (config.sharedRead)`);
    const key = `${variant} ${this.url}`;
    const found = entries.get(key);
    if (!found) return loadInto(key, load) as Promise<T>;
    // Past its time the value is still answered while one refresh loads: the time only bounds what
    // depends on the clock; a change clears the entry instead.
    if (found.refreshAt !== null && found.refreshAt <= now() && !found.refreshing) {
      found.refreshing = true;
      void loadInto(key, load, found).catch(() => {});
    }
    return found.value as Promise<T>;
  });

  return {
    noticed(notices) {
      if (notices.some(({ payload }) => clearedBy.some((clears) => clears(payload)))) clear();
    },
    size: () => entries.size,
  };
};
