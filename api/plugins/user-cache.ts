// The cache behind GET /api/user, the hottest read of the app (every page load): the member's answer
// as ready JSON, keyed by member id (keyed-cache.ts). It never hides a change:
// - every change notice about a member evicts their entry before any socket hears of the change (the
//   composition root hands `noticed` the notices ahead of the websocket hub);
// - a write noted for members (reply.afterWrite: the actor and the other participants) evicts their
//   entries at once, and their next reads wait until the read models show it (plugins/read-your-writes.ts), so
//   none of them reads an old value, even before the write's notice arrives; any other request of a
//   member that is not a read evicts their entry before the response goes out;
// - entries expire after 30 s anyway, which bounds what a lost notice (LISTEN dropped) leaves behind.
import type { FastifyInstance } from 'fastify';
import type { ChangeNotice } from '../../projections/types.js';
import { isChange } from '../contracts/live.js';
import { createKeyedCache } from '../keyed-cache.js';
import type { NotedWrites } from './read-your-writes.js';

export interface UserCache {
  /** The member's answer (JSON), or null when the read model does not know them; loaded on a miss. */
  get(memberId: string, load: () => Promise<string | null>): Promise<string | null>;
  evict(memberId: string): void;
  /** Evicts every member whose answer a notice may have changed: a member's own change, a session's participants. */
  noticed(notices: readonly ChangeNotice[]): void;
}

export const registerUserCache = (app: FastifyInstance, writes: NotedWrites, options = { maxEntries: 10_000, ttlMs: 30_000 }): UserCache => {
  const cache = createKeyedCache<string | null>(options);
  writes.onWrite((memberIds) => {
    for (const id of memberIds) cache.evict(id);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.session) cache.evict(request.session.memberId);
    return payload;
  });
  return {
    get: (memberId, load) => cache.get(memberId, load),
    evict: (memberId) => cache.evict(memberId),
    noticed(notices) {
      for (const { audience, payload } of notices) {
        if (isChange(payload, 'user')) cache.evict(payload.id);
        else if (isChange(payload, 'session') && audience.to === 'members') for (const id of audience.ids) cache.evict(id);
      }
    },
  };
};
