// Relays projection change notices to websockets (DESIGN.md §4). Every API process LISTENs on the
// same channel, so fan-out across processes needs nothing but PostgreSQL. A notice says who hears it
// (its audience, one of a closed set) apart from what it says (its payload, sent as it is): the hub routes
// by the audience alone and never reads the payload, so a new kind of notice needs no change here.
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CHANGES_CHANNEL } from '../../projections/runtime/notices.js';
import type { Audience, ChangeNotice } from '../../projections/types.js';
import { postTopic } from '../contracts/live.js';
import { createTypingRelay, parseTypingPayload, TYPING_CHANNEL, type TypingRelayOptions } from './typing-relay.js';

export interface HubClient {
  memberId: string;
  isAdmin: boolean;
  socket: WebSocket;
  /** The topics this socket joined (`post:{id}` through subscribe_post). */
  topics: Set<string>;
}

const MAX_TOPIC_SUBSCRIPTIONS = 200;
/**
 * Sockets one member may hold in this process (tabs, devices): past it the oldest is closed with
 * TOO_MANY_SOCKETS, so a script opening sockets in a loop cannot make every broadcast cost it more.
 */
export const MAX_SOCKETS_PER_MEMBER = 50;
export const TOO_MANY_SOCKETS = 4429;

export interface ChangeHub {
  add(client: HubClient): void;
  remove(client: HubClient): void;
  /**
   * Handles one raw message from a client socket; returns why it was ignored, or null. The caller
   * logs a socket's ignored messages once (socket-conduct.ts), not one line per frame.
   */
  receive(client: HubClient, raw: string): string | null;
  /** Delivers each notice's payload to its audience's sockets (the NOTIFY listener's, and `ai_status`'s). */
  dispatch(notices: readonly ChangeNotice[]): void;
  size(): number;
}

const isNotice = (value: unknown): value is ChangeNotice => {
  const notice = value as Partial<ChangeNotice> | null;
  return typeof notice === 'object' && notice !== null && typeof notice.audience?.to === 'string' && typeof notice.payload?.type === 'string';
};

/** The notices of a NOTIFY payload; one of another shape (a process of an older release) is left out. */
export const parseNotices = (payload: string): ChangeNotice[] => {
  const parsed = JSON.parse(payload) as unknown;
  // The projector sends {projector, checkpoint, notices}; a bare array is accepted too.
  const list = Array.isArray(parsed) ? parsed : (parsed as { notices?: unknown }).notices;
  if (!Array.isArray(list)) throw new Error('payload has no notices');
  return list.filter(isNotice);
};

export const createChangeHub = (log: FastifyBaseLogger, options: TypingRelayOptions = {}): ChangeHub => {
  const clients = new Set<HubClient>();
  const byMember = new Map<string, Set<HubClient>>();
  // Sockets by the topics they joined: a post's notice reaches its subscribers without a scan.
  const byTopic = new Map<string, Set<HubClient>>();

  // One serialisation, and one UTF-8 encoding, for every receiver of a notice: the callers pass the
  // same payload to each, so the last one's bytes are kept (a text frame of a Buffer is not re-encoded).
  // A payload is serialised only when a socket hears it: most notices reach no socket of this process (a
  // booking's notices name two members; a server under load has few of its members' sockets), and
  // serialising each anyway was a booking's largest cost in the hub.
  let encoded: { message: unknown; bytes: Buffer } = { message: undefined, bytes: Buffer.alloc(0) };
  const sendRaw = (client: HubClient, message: unknown) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (encoded.message !== message) encoded = { message, bytes: Buffer.from(typeof message === 'string' ? message : JSON.stringify(message)) };
    client.socket.send(encoded.bytes, { binary: false });
  };
  /** Sends `message` (a payload, or its text) to every socket of the audience, each once: the one place that knows who hears what. */
  const deliver = (audience: Audience, message: unknown) => {
    switch (audience.to) {
      case 'members':
        for (const memberId of audience.ids.length === 1 ? audience.ids : new Set(audience.ids))
          for (const client of byMember.get(memberId) ?? []) sendRaw(client, message);
        break;
      case 'signed-in':
        for (const client of clients) sendRaw(client, message);
        break;
      case 'admins':
        for (const client of clients) if (client.isAdmin) sendRaw(client, message);
        break;
      case 'subscribers':
        for (const client of byTopic.get(audience.topic) ?? []) sendRaw(client, message);
        break;
    }
  };
  const join = (client: HubClient, topic: string) => {
    client.topics.add(topic);
    let set = byTopic.get(topic);
    if (!set) byTopic.set(topic, (set = new Set()));
    set.add(client);
  };
  const leave = (client: HubClient, topic: string) => {
    client.topics.delete(topic);
    const set = byTopic.get(topic);
    set?.delete(client);
    if (set?.size === 0) byTopic.delete(topic);
  };
  const typing = createTypingRelay(log, options, (memberId, message) => deliver({ to: 'members', ids: [memberId] }, JSON.stringify(message)));

  return {
    add(client) {
      clients.add(client);
      let set = byMember.get(client.memberId);
      if (!set) byMember.set(client.memberId, (set = new Set()));
      set.add(client);
      if (set.size > MAX_SOCKETS_PER_MEMBER) {
        const oldest = set.values().next().value!;
        log.warn({ memberId: client.memberId }, 'websocket: too many sockets for one member, closed the oldest');
        oldest.socket.close(TOO_MANY_SOCKETS, 'Too many connections');
      }
    },
    remove(client) {
      clients.delete(client);
      for (const topic of [...client.topics]) leave(client, topic);
      const set = byMember.get(client.memberId);
      set?.delete(client);
      if (set?.size === 0) {
        byMember.delete(client.memberId);
        typing.forget(client.memberId);
      }
    },
    receive(client, raw) {
      let message: { type?: unknown; postId?: unknown };
      try {
        message = JSON.parse(raw) as typeof message;
      } catch {
        return 'not JSON';
      }
      const postId = typeof message?.postId === 'string' && message.postId.length <= 100 ? message.postId : null;
      if (message?.type === 'subscribe_post' && postId) {
        if (client.topics.size >= MAX_TOPIC_SUBSCRIPTIONS) return 'too many post subscriptions';
        join(client, postTopic(postId));
      } else if (message?.type === 'unsubscribe_post' && postId) {
        leave(client, postTopic(postId));
      } else if (message?.type === 'subscribe_post' || message?.type === 'unsubscribe_post') {
        return `${message.type} without a valid postId`;
      } else if (message?.type === 'typing') {
        typing.receive(client.memberId, message as { conversationId?: unknown });
      } else if (message?.type === 'ping') {
        client.socket.send(JSON.stringify({ type: 'pong' }));
      } else {
        return 'unknown type';
      }
      return null;
    },
    dispatch(notices) {
      for (const { audience, payload } of notices) deliver(audience, payload);
    },
    size: () => clients.size,
  };
};

/** LISTENs for change notices; returns the UNLISTEN. */
export const relayChanges = (hub: ChangeHub, listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>, log: FastifyBaseLogger) =>
  listen(CHANGES_CHANNEL, (payload) => {
    try {
      hub.dispatch(parseNotices(payload));
    } catch (error) {
      log.warn({ err: error }, 'change notice could not be read');
    }
  });

/** LISTENs for typing relays from every API process (this one's too) and hands each to its member's sockets here; returns the UNLISTEN. */
export const relayTyping = (
  hub: Pick<ChangeHub, 'dispatch'>,
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>,
  log: FastifyBaseLogger,
) =>
  listen(TYPING_CHANNEL, (payload) => {
    const notice = parseTypingPayload(payload);
    if (notice) hub.dispatch([{ audience: { to: 'members', ids: [notice.to] }, payload: notice.message }]);
    else log.warn('typing relay ignored: not one of ours');
  });
