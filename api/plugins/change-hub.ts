// Relays projection change notices to websockets (DESIGN.md §4). Every API process LISTENs on the
// same channel, so fan-out across processes needs nothing but PostgreSQL.
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CHANGES_CHANNEL } from '../../projections/runtime/notices.js';
import type { ChangeNotice } from '../../projections/types.js';
// What a socket receives: the client invalidates the query keys that match scope and id (and a member's topic).
import type { ChangedMessage, MessagesReadMessage, NewCommentMessage, NewMessageMessage, NewPostsMessage } from '../contracts/live.js';
import { createTypingRelay, type TypingRelayOptions } from './typing-relay.js';

export interface HubClient {
  memberId: string;
  isAdmin: boolean;
  socket: WebSocket;
  posts: Set<string>;
}

const MAX_POST_SUBSCRIPTIONS = 200;
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
  /** Delivers notices to the sockets they concern (exported for the NOTIFY listener). */
  dispatch(notices: readonly ChangeNotice[]): void;
  /** Sends a post's live message (e.g. `ai_status`) to the sockets subscribed to the post. */
  toPostSubscribers(postId: string, message: { type: string; postId: string }): void;
  size(): number;
}

export const parseNotices = (payload: string): ChangeNotice[] => {
  const parsed = JSON.parse(payload) as unknown;
  // The projector sends {projector, checkpoint, notices}; a bare array is accepted too.
  const list = Array.isArray(parsed) ? parsed : (parsed as { notices?: unknown }).notices;
  if (!Array.isArray(list)) throw new Error('payload has no notices');
  return list as ChangeNotice[];
};

export const createChangeHub = (log: FastifyBaseLogger, options: TypingRelayOptions = {}): ChangeHub => {
  const clients = new Set<HubClient>();
  const byMember = new Map<string, Set<HubClient>>();
  // Sockets by the posts they subscribed to: a post's notice reaches its subscribers without a scan.
  const byPost = new Map<string, Set<HubClient>>();

  const send = (client: HubClient, message: ChangedMessage | NewPostsMessage | NewCommentMessage) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    client.socket.send(JSON.stringify(message));
  };
  // One serialisation, and one UTF-8 encoding, for every receiver of a broadcast: the callers pass the
  // same string to each, so the last one's bytes are kept (a text frame of a Buffer is not re-encoded).
  let encoded: { text: string; bytes: Buffer } = { text: '', bytes: Buffer.alloc(0) };
  const sendRaw = (client: HubClient, text: string) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (encoded.text !== text) encoded = { text, bytes: Buffer.from(text) };
    client.socket.send(encoded.bytes, { binary: false });
  };
  const unsubscribe = (client: HubClient, postId: string) => {
    client.posts.delete(postId);
    const set = byPost.get(postId);
    set?.delete(client);
    if (set?.size === 0) byPost.delete(postId);
  };
  const toMember = (memberId: string, message: ChangedMessage) => {
    for (const client of byMember.get(memberId) ?? []) send(client, message);
  };
  // Messaging's messages reach the participants' sockets only, serialised once.
  const toMembers = (memberIds: readonly string[], message: ChangedMessage | NewMessageMessage | MessagesReadMessage | { type: 'typing' }) => {
    const text = JSON.stringify(message);
    for (const memberId of new Set(memberIds)) for (const client of byMember.get(memberId) ?? []) sendRaw(client, text);
  };
  const typing = createTypingRelay(log, options, (memberId, message) => toMembers([memberId], message));

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
      for (const postId of [...client.posts]) unsubscribe(client, postId);
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
        if (client.posts.size >= MAX_POST_SUBSCRIPTIONS) return 'too many post subscriptions';
        client.posts.add(postId);
        let set = byPost.get(postId);
        if (!set) byPost.set(postId, (set = new Set()));
        set.add(client);
      } else if (message?.type === 'unsubscribe_post' && postId) {
        unsubscribe(client, postId);
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
      for (const notice of notices) {
        switch (notice.scope) {
          case 'user':
            // What changed about the member goes along: the client refetches only the reads that depend on it.
            toMember(notice.id, { type: 'changed', scope: 'user', id: notice.id, ...(notice.about && { about: notice.about }) });
            break;
          case 'session':
            for (const memberId of new Set(notice.participants)) toMember(memberId, { type: 'changed', scope: 'session', id: notice.id });
            break;
          case 'post': {
            const text = JSON.stringify({ type: 'changed', scope: 'post', id: notice.id, postId: notice.id } satisfies ChangedMessage);
            for (const client of byPost.get(notice.id) ?? []) sendRaw(client, text);
            break;
          }
          case 'comment': {
            const message: NewCommentMessage = { type: 'new_comment', postId: notice.postId, comment: notice.comment, isAI: notice.isAI };
            const text = JSON.stringify(message);
            for (const client of byPost.get(notice.postId) ?? []) sendRaw(client, text);
            break;
          }
          case 'feed': {
            const text = JSON.stringify({ type: 'new_posts', postId: notice.postId, authorId: notice.authorId } satisfies NewPostsMessage);
            for (const client of clients) sendRaw(client, text);
            break;
          }
          case 'conversation':
            toMembers(notice.participants, { type: 'changed', scope: 'conversation', id: notice.id });
            break;
          case 'message':
            toMembers(notice.participants, { type: 'new_message', message: notice.message });
            break;
          case 'message_read':
            toMembers(notice.participants, { type: 'messages_read', receipt: notice.receipt });
            break;
          case 'members':
            for (const client of clients) send(client, { type: 'changed', scope: 'members' });
            break;
          case 'admin':
            for (const client of clients) if (client.isAdmin) send(client, { type: 'changed', scope: 'admin' });
            break;
        }
      }
    },
    toPostSubscribers(postId, message) {
      const text = JSON.stringify(message);
      for (const client of byPost.get(postId) ?? []) sendRaw(client, text);
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
