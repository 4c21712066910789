// The S brain's `ai_status` travels like the change notices: the assistant reactor, in whichever
// process holds its lock, NOTIFYs it on its own channel, and every API process relays it to the
// sockets subscribed to the post. It is no event: a lost one only leaves a status unshown, and the
// answer itself arrives as a comment from the log.
import type { FastifyBaseLogger } from 'fastify';
import type { AiStatusMessage } from '../contracts/assistant.js';
import { postTopic } from '../contracts/live.js';
import type { ChangeHub } from './change-hub.js';

export const AI_STATUS_CHANNEL = 'skillswap_ai_status';

type Notify = (channel: string, payload: string) => Promise<void>;
type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

/**
 * The reactor's publish: NOTIFY, one at a time and in order (a partial sent without waiting must not
 * overtake the 'complete' after it), and a failed NOTIFY only logged (the answer must not fail for it).
 */
export const aiStatusPublisher = (notify: Notify, log: { warn(obj: object, message: string): void }) => {
  let queue: Promise<void> = Promise.resolve();
  return (message: AiStatusMessage): Promise<void> =>
    (queue = queue.then(async () => {
      try {
        await notify(AI_STATUS_CHANNEL, JSON.stringify(message));
      } catch (error) {
        log.warn({ err: error, postId: message.postId }, 'ai_status could not be sent');
      }
    }));
};

const isAiStatus = (value: unknown): value is AiStatusMessage => {
  const m = value as Partial<AiStatusMessage> | null;
  return typeof m === 'object' && m !== null && m.type === 'ai_status' && typeof m.postId === 'string' && typeof m.status === 'string';
};

/** LISTENs for `ai_status` messages and hands each to the post's subscribers; returns the UNLISTEN. */
export const relayAiStatus = (hub: Pick<ChangeHub, 'dispatch'>, listen: Listen, log: FastifyBaseLogger) =>
  listen(AI_STATUS_CHANNEL, (payload) => {
    try {
      const message = JSON.parse(payload) as unknown;
      if (isAiStatus(message)) hub.dispatch([{ audience: { to: 'subscribers', topic: postTopic(message.postId) }, payload: message }]);
      else log.warn('ai_status payload ignored: not one of ours');
    } catch (error) {
      log.warn({ err: error }, 'ai_status payload could not be read');
    }
  });
