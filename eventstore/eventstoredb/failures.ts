// Which errors of the EventStoreDB client are worth another try, and whether the failed call may have
// written. Client 6.x retries nothing itself: after a NotLeader it only points the *next* call at the
// leader, and elections, restarts and stalls reach the caller as Unavailable / DeadlineExceeded /
// Cancelled (with batchAppend, one broken shared stream rejects every append in flight).
import { CancelledError, DeadlineExceededError, NotLeaderError, TimeoutError, UnavailableError } from '@eventstore/db-client';
import { StoreUnavailableError } from '../types.js';

export type EsdbFailure =
  /** Worth another try. `written`: 'no' when the server refused before writing (a follower). */
  | { kind: 'transient'; written: 'no' | 'maybe' }
  /** Conflicts, missing or deleted streams, access denied, bad arguments, our own cancellation. */
  | { kind: 'permanent' };

export function classifyEsdbError(error: unknown): EsdbFailure {
  if (error instanceof NotLeaderError) return { kind: 'transient', written: 'no' };
  if (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    // The client turns its own cancellation into UnknownError, never into CancelledError: this one
    // is the server's (shutting down, or the node lost leadership mid-call).
    error instanceof CancelledError
  ) {
    return { kind: 'transient', written: 'maybe' };
  }
  return { kind: 'permanent' };
}

export interface RetryPolicy {
  /** Further attempts after the first (default 2). */
  retries: number;
  /** First pause; doubles per attempt, with jitter, capped at 2 s (default 100 ms). */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 100 };

/** The pause before retry `attempt` (1-based): exponential, capped, with up to 50% jitter. */
export const retryDelayMs = (policy: RetryPolicy, attempt: number, random = Math.random): number => {
  const base = Math.min(2_000, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(base * (0.5 + random() / 2));
};

/** Resolves after `ms`, or at once when `signal` aborts. */
export const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Runs `attempt` again on transient failures. Safe for reads, and for appends only because every
 * append the adapter sends carries an exact revision or no_stream: the server then recognises a
 * resent write by its event ids, durably, and answers with the original result.
 * Gives up with StoreUnavailableError, whose outcome is 'unknown' when any failed attempt of a call
 * that `writes` may have written.
 */
export async function withRetries<T>(what: string, policy: RetryPolicy, attempt: () => Promise<T>, { writes = false } = {}): Promise<T> {
  let mayHaveWritten = false;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const failure = classifyEsdbError(error);
      if (failure.kind === 'permanent') throw error;
      if (writes && failure.written === 'maybe') mayHaveWritten = true;
      if (n >= policy.retries) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new StoreUnavailableError(
          `EventStoreDB: ${what} failed ${n + 1} times (${reason})` +
            (mayHaveWritten ? '; the events may have been written: retry with the same event ids to find out' : ''),
          mayHaveWritten ? 'unknown' : 'not-written',
          { cause: error },
        );
      }
      await pause(retryDelayMs(policy, n + 1));
    }
  }
}
