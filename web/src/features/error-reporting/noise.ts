// The page's noise (issue 32 point 1, decision 333): errors a browser raises that say nothing about our
// code and that no one could act on, dropped before they are queued. Kept short and literal, so an error
// of ours is never taken for noise by a broad pattern.

/** Chromium and Firefox both raise these when a ResizeObserver callback resizes what it observes: harmless, and frequent. */
const RESIZE_OBSERVER = /^(Uncaught )?ResizeObserver loop (limit exceeded|completed with undelivered notifications)/;
/** A script of another origin without CORS: the browser hides everything but these words. */
const OPAQUE = /^(Uncaught )?Script error\.?$/;
const EXTENSION = /^(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//;
const URL_IN_FRAME = /\b([a-z][a-z0-9+.-]*:\/\/[^\s)]+)/gi;

export interface ErrorLike {
  message: string;
  stack: string | null;
  /** The script the window's error event named, when it named one. */
  filename?: string | null;
}

/** The URLs of the frames of a stack as Chromium ("at f (url:1:2)") or Firefox and Safari ("f@url:1:2") print them. */
export const frameUrls = (stack: string): string[] => [...stack.matchAll(URL_IN_FRAME)].map((m) => m[1]!);

/** True when every frame (or, without a stack, the script the event named) belongs to a browser extension. */
export const fromExtension = ({ stack, filename }: ErrorLike): boolean => {
  const urls = stack ? frameUrls(stack) : [];
  if (urls.length > 0) return urls.every((url) => EXTENSION.test(url));
  return !!filename && EXTENSION.test(filename);
};

export const isNoise = (error: ErrorLike): boolean => {
  const message = error.message.trim();
  if (RESIZE_OBSERVER.test(message)) return true;
  if (OPAQUE.test(message) && !error.stack) return true;
  return fromExtension(error);
};
