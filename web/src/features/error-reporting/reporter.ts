// The browser's errors, batched to POST /api/client-errors (api/contracts/client-errors.ts): an error
// waits CLIENT_ERROR_SEND_DELAY_MS for others of the same moment, then they leave together in requests of
// at most CLIENT_ERROR_BATCH_MAX; a page sends at most CLIENT_ERROR_PAGE_MAX, so a loop throwing on every
// frame cannot flood the server; `pagehide` sends what is left. Like the analytics capture it never
// throws and never fails the page, and a failure of its own (a send refused, a reporter bug) is
// swallowed, never reported, or it would report itself in a loop.
import type { ClientError, ClientErrorBatch } from '@contracts/client-errors';
import {
  CLIENT_ERROR_BATCH_MAX,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_PAGE_MAX,
  CLIENT_ERROR_SEND_DELAY_MS,
  CLIENT_ERROR_STACK_MAX,
} from '@contracts/client-errors-limits';
import { isNoise } from './noise';

export type ClientErrorSource = ClientError['source'];

/** Sends one batch's JSON; `leaving` when the page is going away (pagehide). */
export type ErrorSender = (body: string, leaving: boolean) => void;

export interface ReporterOptions {
  send: ErrorSender;
  /** The page's path now (location.pathname). */
  path: () => string;
  appVersion: string | null;
  now?: () => Date;
  schedule?: (run: () => void, ms: number) => unknown;
}

export interface ErrorReporter {
  /** Queues a thrown value (an Error or anything else); `filename` is the window error event's script. */
  report(thrown: unknown, source: ClientErrorSource, filename?: string | null): void;
  flush(leaving?: boolean): void;
  /** How many this page has queued or sent (the page cap counts these). */
  counted(): number;
}

const PATH_MAX = 500;

/** The contract's path: the pathname alone (no origin, no query), starting with '/', at most 500 characters. */
export const reportedPath = (pathname: string): string => (pathname.startsWith('/') ? pathname : `/${pathname}`).slice(0, PATH_MAX);

const describe = (value: unknown): string => {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/** The error's type, message and stack, from an Error or whatever else was thrown (a string, an object, undefined). */
export const readThrown = (thrown: unknown): { type: string; message: string; stack: string | null } => {
  if (thrown instanceof Error || (thrown && typeof thrown === 'object' && 'message' in thrown && 'name' in thrown)) {
    const error = thrown as Error;
    const type = typeof error.name === 'string' && error.name.trim() ? error.name.trim() : 'Error';
    return { type, message: String(error.message ?? ''), stack: typeof error.stack === 'string' && error.stack ? error.stack : null };
  }
  return { type: 'Error', message: describe(thrown), stack: null };
};

export const createErrorReporter = ({ send, path, appVersion, now = () => new Date(), schedule = setTimeout }: ReporterOptions): ErrorReporter => {
  let queue: ClientError[] = [];
  let count = 0;
  let timer = false;
  let busy = false;

  const flush = (leaving = false) => {
    try {
      while (queue.length > 0) {
        const errors = queue.slice(0, CLIENT_ERROR_BATCH_MAX);
        queue = queue.slice(errors.length);
        const body: ClientErrorBatch = { errors };
        send(JSON.stringify(body), leaving);
      }
    } catch {
      // A sender that throws loses this batch; the page goes on.
      queue = [];
    }
  };

  return {
    report(thrown, source, filename) {
      // An error raised while reporting (a getter on the thrown value, a broken sender) is not reported again.
      if (busy || count >= CLIENT_ERROR_PAGE_MAX) return;
      busy = true;
      try {
        const { type, message, stack } = readThrown(thrown);
        if (isNoise({ message, stack, filename })) return;
        count += 1;
        queue.push({
          type: type.slice(0, 200),
          message: message.slice(0, CLIENT_ERROR_MESSAGE_MAX),
          stack: stack && stack.slice(0, CLIENT_ERROR_STACK_MAX),
          source,
          path: reportedPath(path()),
          occurredAt: now().toISOString(),
          appVersion,
        });
        if (!timer) {
          timer = true;
          schedule(() => {
            timer = false;
            flush();
          }, CLIENT_ERROR_SEND_DELAY_MS);
        }
      } catch {
        // The reporter's own failure: dropped, never reported (it would report itself in a loop).
      } finally {
        busy = false;
      }
    },
    flush,
    counted: () => count,
  };
};
