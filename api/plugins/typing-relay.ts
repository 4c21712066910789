// The typing indicator (issue 21): a client sends {type: 'typing', conversationId}; the server relays
// {type: 'typing', conversationId, memberId} to the other participant only when the sender is one of the
// conversation's two members, and at most once per TYPING_RELAY_INTERVAL_MS per member and conversation
// (a client that sends on every key press costs one lookup and one frame per interval). Typing is no
// event: nothing is stored, and a lost frame only shortens what the other member sees.
import type { FastifyBaseLogger } from 'fastify';
import { TYPING_RELAY_INTERVAL_MS, type TypingMessage } from '../contracts/live.js';

export interface TypingRelayOptions {
  /** The conversation's two members, or null when there is no such conversation. */
  participantsOf?: (conversationId: string) => Promise<readonly [string, string] | null>;
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
      void participants(conversationId).then(
        (pair) => {
          if (!pair || !pair.includes(memberId)) return; // not their conversation: nothing is said
          const other = pair[0] === memberId ? pair[1] : pair[0];
          deliver(other, { type: 'typing', conversationId, memberId });
        },
        (error: unknown) => log.warn({ err: error }, 'websocket: typing relay lookup failed'),
      );
    },
    /** The member's last socket closed. */
    forget(memberId: string) {
      lastRelayed.delete(memberId);
    },
  };
};
