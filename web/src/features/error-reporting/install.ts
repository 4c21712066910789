// Installed once by the entry (main.tsx), before the app renders, so an error of the first load is caught
// too: the window's uncaught errors and unhandled rejections, and, through reportBoundaryError, what the
// pages' error boundaries catch (page-error-boundary.tsx). Small and free of zod at run time, since it
// sits in the entry chunk every page loads.
import { createErrorReporter, type ClientErrorSource, type ErrorReporter, type ErrorSender } from './reporter';

export const CLIENT_ERRORS_URL = '/api/client-errors';
/** Browsers refuse a keepalive request whose body (with the others in flight) passes 64 KiB. */
const KEEPALIVE_BODY_MAX = 60_000;

/** The client build's version (web/vite.config.ts defines it from package.json), null in development. */
export const appVersion = (): string | null => (import.meta.env.PROD && import.meta.env.VITE_APP_VERSION) || null;

/** fetch with keepalive, so a batch sent on pagehide outlives the page; a refusal or a lost connection is dropped. */
export const sendErrors: ErrorSender = (body) => {
  try {
    void fetch(CLIENT_ERRORS_URL, {
      method: 'POST',
      body,
      keepalive: body.length <= KEEPALIVE_BODY_MAX,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    }).catch(() => {});
  } catch {
    // No fetch, or it threw at once: the batch is lost, never reported.
  }
};

let installed: ErrorReporter | null = null;

/** What an error boundary caught; nothing before installErrorReporting (e.g. in unit tests). */
export const reportBoundaryError = (error: unknown): void => installed?.report(error, 'boundary');

export const reportError = (error: unknown, source: ClientErrorSource): void => installed?.report(error, source);

export const installErrorReporting = (target: Window = window): ErrorReporter => {
  if (installed) return installed;
  const reporter = createErrorReporter({ send: sendErrors, path: () => target.location.pathname, appVersion: appVersion() });
  target.addEventListener('error', (event: ErrorEvent) => {
    // A resource that failed to load (an <img>, seen in the capture phase only) has no message: not a script error.
    if (typeof event.message !== 'string') return;
    reporter.report(event.error ?? { name: 'Error', message: event.message, stack: null }, 'window', event.filename || null);
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => reporter.report(event.reason, 'unhandledrejection'));
  target.addEventListener('pagehide', () => reporter.flush(true));
  installed = reporter;
  return reporter;
};
