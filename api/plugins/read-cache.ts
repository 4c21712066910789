// A short-lived cache of whole answers (ready JSON) for hot reads a member repeats, such as the feed's
// first page: a route opts in with `config: { readCache: [scopes] }`, naming the change notices that can
// make its answer stale. Entries are per member and URL (the answer may hold the member's own likes, or
// deleted posts for an admin), and never hide a change:
// - a notice of a named scope clears every entry before any socket is told to refetch (the composition
//   root hands `noticed` the notices ahead of the websocket hub);
// - a write noted for members (reply.afterWrite) drops their entries, and their next reads wait until the
//   read models show it (read-your-writes.ts), so the writer never reads an old value;
// - an answer whose load overlapped a clear or a drop is sent but not kept, so a read that began before
//   a change cannot put the old answer back;
// - entries expire after `ttlMs` (2 s), which bounds what depends on the clock (the AI status of a card)
//   or on a notice that was lost.
// Only 200 answers are kept; errors and anonymous requests go straight to the handler.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { ChangeNotice, ChangeScope } from '../contracts/live.js';
import type { NotedWrites } from './read-your-writes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache the member's 200 answers until a notice of one of these scopes (or their own write). */
    readCache?: readonly ChangeScope[];
  }
}

export interface ReadCache {
  noticed(notices: readonly ChangeNotice[]): void;
  size(): number;
}

export interface ReadCacheOptions {
  ttlMs: number;
  maxMembers: number;
  maxEntriesPerMember: number;
  now?: () => number;
}

interface Entry {
  body: string;
  expiresAt: number;
}

export const registerReadCache = (
  app: FastifyInstance,
  writes: NotedWrites,
  { ttlMs, maxMembers, maxEntriesPerMember, now = Date.now }: ReadCacheOptions = { ttlMs: 2_000, maxMembers: 10_000, maxEntriesPerMember: 16 },
): ReadCache => {
  const byMember = new Map<string, Map<string, Entry>>();
  const scopes = new Set<ChangeScope>();
  // A clear bumps the epoch; a member's drop bumps their generation. A load keeps its answer only when
  // neither moved while it ran.
  let epoch = 0;
  const generations = new Map<string, number>();
  const clear = () => {
    byMember.clear();
    generations.clear();
    epoch += 1;
  };
  const drop = (memberId: string) => {
    byMember.delete(memberId);
    // Bounded: past the limit a clear (which also fails every load in flight) starts the counts afresh.
    if (generations.size >= maxMembers) clear();
    generations.set(memberId, (generations.get(memberId) ?? 0) + 1);
  };
  writes.onWrite((memberIds) => memberIds.forEach(drop));
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.session) drop(request.session.memberId);
    return payload;
  });

  const keep = (memberId: string, url: string, body: string) => {
    let entries = byMember.get(memberId);
    if (!entries) {
      if (byMember.size >= maxMembers) byMember.delete(byMember.keys().next().value!);
      byMember.set(memberId, (entries = new Map()));
    }
    if (entries.size >= maxEntriesPerMember) entries.delete(entries.keys().next().value!);
    entries.set(url, { body, expiresAt: now() + ttlMs });
  };

  app.addHook('onRoute', (route) => {
    const named = route.config?.readCache;
    if (!named || route.method !== 'GET') return;
    for (const scope of named) scopes.add(scope);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function (request, reply) {
      const memberId = request.session?.memberId;
      if (!memberId) return handler.call(this, request, reply);
      reply.type('application/json; charset=utf-8');
      const hit = byMember.get(memberId)?.get(request.url);
      if (hit && hit.expiresAt > now()) return hit.body;
      const before = { epoch, generation: generations.get(memberId) ?? 0 };
      const value: unknown = await handler.call(this, request, reply);
      if (value === reply || reply.sent) return value;
      const body = reply.serialize(value);
      const unchanged = epoch === before.epoch && (generations.get(memberId) ?? 0) === before.generation;
      if (unchanged && reply.statusCode === 200 && typeof body === 'string') keep(memberId, request.url, body);
      return body;
    };
  });

  return {
    noticed(notices) {
      if (notices.some((notice) => scopes.has(notice.scope))) clear();
    },
    size: () => [...byMember.values()].reduce((n, entries) => n + entries.size, 0),
  };
};
