// POST /api/client-errors (issue 32, DESIGN.md §12): the browser's errors, batched. The member comes
// from the session (none when signed out); the page, the stack as the browser printed it (minified: the
// server resolves it from the build's hidden source maps) and the client build's version come here.
import { z } from 'zod';

import { CLIENT_ERROR_BATCH_MAX, CLIENT_ERROR_MESSAGE_MAX, CLIENT_ERROR_STACK_MAX, clientErrorSources } from './client-errors-limits.js';

/** Batches one address may send a minute (the server's limit; the page's own cap keeps well below it). */
export const CLIENT_ERROR_BATCHES_PER_MINUTE = 30;

export {
  CLIENT_ERROR_BATCH_MAX,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_PAGE_MAX,
  CLIENT_ERROR_SEND_DELAY_MS,
  CLIENT_ERROR_STACK_MAX,
  clientErrorSources,
} from './client-errors-limits.js';

export const clientErrorTexts = {
  badBatch: `Send between 1 and ${CLIENT_ERROR_BATCH_MAX} errors, each with a type, a message and the page`,
  tooMany: 'Too many error reports from this address; try again in a minute',
} as const;

export const clientErrorSchema = z.object({
  /** The error's name (TypeError, ChunkLoadError, ...); 'Error' when the thrown value had none. */
  type: z.string().trim().min(1).max(200),
  message: z.string().max(CLIENT_ERROR_MESSAGE_MAX),
  stack: z.string().max(CLIENT_ERROR_STACK_MAX).nullable(),
  source: z.enum(clientErrorSources),
  /** The page's path (no origin, no query). */
  path: z.string().min(1).max(500).startsWith('/'),
  occurredAt: z.string().datetime(),
  /** The client build's version (import.meta.env), null in development. */
  appVersion: z.string().max(100).nullable(),
});

export const clientErrorBatchSchema = z.object({
  errors: z.array(clientErrorSchema).min(1).max(CLIENT_ERROR_BATCH_MAX),
});

export type ClientError = z.infer<typeof clientErrorSchema>;
export type ClientErrorBatch = z.infer<typeof clientErrorBatchSchema>;
