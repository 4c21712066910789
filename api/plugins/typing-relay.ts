// The typing indicator (issue 21): a client sends {type: 'typing', conversationId}; the server relays
// {type: 'typing', conversationId, memberId} to the other participant only when the sender is one of the
// conversation's two members, and at most once per TYPING_RELAY_INTERVAL_MS per member and conversation
// (a client that sends on every key press costs one lookup and one frame per interval). Typing is no
// event: nothing is stored, and a lost frame only shortens what the other member sees.
// Across API processes (issue 33 point 7): the process the sender's socket is on checks and throttles,
// then NOTIFYs the relay on TYPING_CHANNEL; every process (this one too) LISTENs and hands it to the
// other member's sockets it holds (relayTyping in change-hub.ts). PGlite is one process; its own
// LISTEN hears its NOTIFY, as the change notices do, so both run the same path.
import type { FastifyBaseLogger } from 'fastify';
import { TYPING_RELAY_INTERVAL_MS, type TypingMessage } from '../contracts/live.js';

/** Typing's own channel: the change notices' listeners (the caches, the read-model waits) never hear it. */
export const TYPING_CHANNEL = 'skillswap_typing';

/** One relay as it crosses processes: who hears it, and what. About 130 bytes; NOTIFY allows 8,000. */
export interface TypingNotice {
  to: string;
  message: TypingMessage;
}

export const typingPayload = (notice: TypingNotice) =>
  JSON.stringify({ to: notice.to, conversationId: notice.message.conversationId, memberId: notice.message.memberId });

/** The relay in a TYPING_CHANNEL payload, or null when it is not one (another release's, or garbage). */
export const parseTypingPayload = (payload: string): TypingNotice | null => {
  let parsed: Partial<Record<'to' | 'conversationId' | 'memberId', unknown>> | null;
  try {
    parsed = JSON.parse(payload) as typeof parsed;
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { to, conversationId, memberId } = parsed;
  if (typeof to !== 'string' || typeof conversationId !== 'string' || typeof memberId !== 'string') return null;
  return { to, message: { type: 'typing', conversationId, memberId } };
};

export interface TypingRelayOptions {
  /** The conversation's two members, or null when there is no such conversation. */
  participantsOf?: (conversationId: string) => Promise<readonly [string, string] | null>;
  /**
   * Sends a relay to every API process (NOTIFY on TYPING_CHANNEL with typingPayload). Without it the
   * relay goes to this process's sockets only (a hub on its own, as its unit tests make it).
   */
  publish?: (payload: string) => Promise<void>;
  /** Injected for tests; Date.now by default. */
  now?: () => number;
}

/** Participants never change, so a known pair is kept (bounded); an unknown id is asked again. */
const MAX_KNOWN_CONVERSATIONS = 10_000;

export const createTypingRelay = (log: FastifyBaseLogger, options: TypingRelayOptions, deliver: (memberId: string, message: TypingMessage) => void) => {
  const known = new Map<string, readonly [string, string]>();
  // Per member: conversation id -> when its typing was last relayed.
  const lastRelayed = new Map<string, Map<string, number>>();
  const now = options.now ?? Date.now;
  const { publish } = options;

  const participants = async (conversationId: string) => {
    const cached = known.get(conversationId);
    if (cached) return cached;
    const found = (await options.participantsOf?.(conversationId)) ?? null;
    if (found) {
      if (known.size >= MAX_KNOWN_CONVERSATIONS) known.delete(known.keys().next().value!);
      known.set(conversationId, found);
    }
    return found;
  };

  const relay = async (to: string, message: TypingMessage) => {
    if (!publish) return deliver(to, message);
    await publish(typingPayload({ to, message }));
  };

  return {
    receive(memberId: string, message: { conversationId?: unknown }) {
      const conversationId = typeof message.conversationId === 'string' && message.conversationId.length <= 100 ? message.conversationId : null;
      if (!conversationId) return;
      let mine = lastRelayed.get(memberId);
      if (!mine) lastRelayed.set(memberId, (mine = new Map()));
      const at = now();
      if (at - (mine.get(conversationId) ?? -Infinity) < TYPING_RELAY_INTERVAL_MS) return;
      if (mine.size >= 100) mine.clear();
      mine.set(conversationId, at);
      void participants(conversationId)
        .then(async (pair) => {
          if (!pair || !pair.includes(memberId)) return; // not their conversation: nothing is said
          const other = pair[0] === memberId ? pair[1] : pair[0];
          await relay(other, { type: 'typing', conversationId, memberId });
        })
        .catch((error: unknown) => log.warn({ err: error }, 'websocket: typing relay failed'));
    },
    /** The member's last socket closed. */
    forget(memberId: string) {
      lastRelayed.delete(memberId);
    },
  };
};
