// The browser's error batch's limits and sources, apart from the schemas (client-errors.ts) so the
// reporter, which sits in the entry chunk every page loads, carries no zod (like analytics-limits.ts).
/** Errors in one request; the browser sends the rest in the next one. */
export const CLIENT_ERROR_BATCH_MAX = 20;
/** The browser waits this long after an error for others of the same moment, then sends them together. */
export const CLIENT_ERROR_SEND_DELAY_MS = 250;
/** Errors one page sends at most, so a loop throwing on every frame cannot flood the server. */
export const CLIENT_ERROR_PAGE_MAX = 50;
export const CLIENT_ERROR_MESSAGE_MAX = 2_000;
export const CLIENT_ERROR_STACK_MAX = 16_000;

/** Where in the browser the error was caught. */
export const clientErrorSources = ['window', 'unhandledrejection', 'boundary'] as const;
