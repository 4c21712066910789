// Live reading of $all: a subscription that survives restarts and leader changes (client 6.x never
// resubscribes by itself), and the cross-process "something was appended" hint built on it.
import { END, START, excludeSystemEvents } from '@eventstore/db-client';
import type { AllStreamResolvedEvent, EventStoreDBClient } from '@eventstore/db-client';
import type { LogPosition } from './checkpoints.js';
import { classifyEsdbError, pause, retryDelayMs, type RetryPolicy } from './failures.js';

export interface LiveOptions {
  /** Exclusive start (subscribeToAll starts after fromPosition, as our checkpoints mean). */
  from: LogPosition | typeof START | typeof END;
  signal: AbortSignal;
  /** Pauses between reconnects grow as the policy's retries do; there is no last attempt. */
  retry: RetryPolicy;
  /**
   * Reconnect at the end of $all instead of after the last record delivered (for hints, which need no
   * records missed while down: a consumer re-reads the log when told).
   */
  fromEndOnReconnect?: boolean;
  /** Called on each transient failure before reconnecting (for a log line). */
  onReconnect?: (error: unknown) => void;
}

/**
 * Our records of $all from `from` on, endlessly: on a transient failure it subscribes again after
 * the last record it delivered, so nothing is repeated or lost. Ends when the signal aborts; throws
 * a permanent failure (access denied, a bad position).
 */
export async function* subscribeResilient(client: EventStoreDBClient, options: LiveOptions): AsyncGenerator<AllStreamResolvedEvent> {
  const { signal } = options;
  let position = options.from;
  let failures = 0;
  while (!signal.aborted) {
    const subscription = client.subscribeToAll({ fromPosition: position, filter: excludeSystemEvents() });
    const stop = () => void subscription.unsubscribe().catch(() => {});
    signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const resolved of subscription) {
        if (signal.aborted) return;
        failures = 0;
        if (resolved.event?.position && !options.fromEndOnReconnect) position = resolved.event.position;
        yield resolved;
      }
    } catch (error) {
      // Unsubscribing cancels the gRPC call, which may surface as an error: that is our stop.
      if (signal.aborted) return;
      if (classifyEsdbError(error).kind === 'permanent') throw error;
      options.onReconnect?.(error);
    } finally {
      signal.removeEventListener('abort', stop);
      await subscription.unsubscribe().catch(() => {});
    }
    if (signal.aborted) return;
    // An end without an error is the server closing the call (shutdown): reconnect the same way.
    failures++;
    await pause(retryDelayMs({ ...options.retry, baseDelayMs: Math.max(options.retry.baseDelayMs, 200) }, Math.min(failures, 5)), signal);
  }
}

export interface AppendHints {
  add(listener: () => void): () => void;
  /** An append of this process: listeners hear of it in the next macrotask, without waiting for the server. */
  notifyLocal(): void;
  close(): void;
}

/**
 * `onAppended` for EventStoreDB. The projection runtime wakes on it and otherwise polls once a second;
 * without it, a projector process or a second API instance would only see other processes' writes at
 * the next poll. A live-only subscription to $all (from its end, system records filtered on the
 * server) runs while anyone listens: one call per process, started on the first listener and stopped
 * with the last. Listeners are told once per burst (per macrotask), and on each interruption, since
 * events may be appended while it is down (the runtime's poll covers the time until it is back).
 */
export function createAppendHints(client: EventStoreDBClient, retry: RetryPolicy, log: (message: string) => void = console.warn): AppendHints {
  const listeners = new Set<() => void>();
  let live: AbortController | null = null;
  let closed = false;
  let scheduled = false;
  let down = false;
  const notify = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const listener of [...listeners]) listener();
    });
  };
  const start = () => {
    const controller = new AbortController();
    live = controller;
    void (async () => {
      try {
        const records = subscribeResilient(client, {
          from: END,
          signal: controller.signal,
          retry,
          fromEndOnReconnect: true,
          onReconnect: (error) => {
            notify();
            if (!down) log(`EventStoreDB: live append hints interrupted, reconnecting (${error instanceof Error ? error.message : String(error)})`);
            down = true;
          },
        });
        for await (const record of records) {
          if (!record) continue;
          down = false;
          notify();
        }
      } catch (error) {
        // Permanent: the runtime's once-a-second poll still finds every event, only later.
        log(`EventStoreDB: live append hints stopped, other processes' appends are seen by polling only (${error instanceof Error ? error.message : String(error)})`);
      }
    })();
  };
  return {
    add(listener) {
      listeners.add(listener);
      if (!live && !closed) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && live) {
          live.abort();
          live = null;
        }
      };
    },
    notifyLocal: notify,
    close() {
      closed = true;
      listeners.clear();
      live?.abort();
      live = null;
    },
  };
}
