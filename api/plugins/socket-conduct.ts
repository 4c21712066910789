// How one websocket behaves (issue 29 item 4): the frames it may send, as a token bucket, and what it
// did wrong, logged once for the socket rather than once per frame. A script sending 20,000 junk frames
// in 4 s wrote 3.3 MB of warnings; now it is closed after the burst and leaves one line when it closes,
// with the counts by reason. A socket that only misbehaves now and then is logged when it closes too.
import type { FastifyBaseLogger } from 'fastify';
import { WS_FRAME_BURST, WS_FRAMES_PER_SECOND } from '../contracts/live.js';

export interface SocketConduct {
  /** Takes one frame from the bucket; false when the socket has sent more than it may. */
  take(): boolean;
  /** A frame that was not acted on, and why (e.g. 'not JSON'). */
  ignored(reason: string): void;
  /** The socket was closed for sending too many frames. */
  flooded(): void;
  /** The socket closed: one warning if it misbehaved, none otherwise. */
  closed(): void;
}

export interface ConductOptions {
  framesPerSecond?: number;
  burst?: number;
  /** Injected for tests; performance.now by default (ms). */
  now?: () => number;
}

export const createSocketConduct = (log: FastifyBaseLogger, memberId: string, options: ConductOptions = {}): SocketConduct => {
  const rate = options.framesPerSecond ?? WS_FRAMES_PER_SECOND;
  const burst = options.burst ?? WS_FRAME_BURST;
  const now = options.now ?? (() => performance.now());
  let tokens = burst;
  let refilledAt = now();
  const ignored = new Map<string, number>();
  let flooded = false;
  let logged = false;

  return {
    take() {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - refilledAt) * rate) / 1000);
      refilledAt = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    ignored(reason) {
      ignored.set(reason, (ignored.get(reason) ?? 0) + 1);
    },
    flooded() {
      flooded = true;
    },
    closed() {
      if (logged || (!flooded && ignored.size === 0)) return;
      logged = true;
      const message = flooded ? 'websocket: closed a socket that sent too many messages' : 'websocket: a socket sent messages that were ignored';
      log.warn({ memberId, ignored: Object.fromEntries(ignored), flooded }, message);
    },
  };
};
