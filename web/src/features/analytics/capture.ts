// The analytics capture (spec 002 §7): a page view on every path change and, when session storage holds
// the previous path, a navigation from it. Points queue in memory and leave every 5 s (fetch, keepalive)
// and on `pagehide` (sendBeacon), in batches of at most 1,000 (api/contracts/analytics.ts). Its own small
// chunk, loaded after the first page is drawn (main.tsx), and it never blocks or fails the page: a send
// that does not arrive is dropped. It asks the server once whether to capture at all (ANALYTICS).
import type { AnalyticsBatchBody, AnalyticsEvent, AnalyticsSettings } from '@contracts/analytics';
import { ANALYTICS_LIMITS } from '@contracts/analytics-limits';
import type { EarlyPaths, PathSource } from './early-paths';
import { INTERACTIONS_URL, startInteractions } from './interactions';

const PREVIOUS_PATH = 'skillswap.analytics.previous-path';
const VISITOR = 'skillswap.analytics.visitor';
const EVENTS_URL = '/api/analytics/events';
const PATH_MAX = 512;

const stored = (key: string): string | null => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string) => {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the next view simply has no previous path.
  }
};

export const visitorId = (): string => {
  const known = stored(VISITOR);
  if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
  const made = crypto.randomUUID();
  store(VISITOR, made);
  return made;
};

/** The contract's path: starts with /, no spaces (percent-encoded in a pathname already), at most 512 characters. */
export const cleanPath = (pathname: string): string => (pathname.startsWith('/') ? pathname : `/${pathname}`).replace(/\s/g, '').slice(0, PATH_MAX);

export const createCapture = (send: (body: string, leaving: boolean) => void, now: () => number = Date.now) => {
  const visitor = visitorId();
  let queue: AnalyticsEvent[] = [];
  let last: string | null = null;
  return {
    /** Records the path if it changed since the last call (a re-render or a search change is no page view). */
    view(pathname: string, at = now()) {
      const path = cleanPath(pathname);
      if (path === last) return;
      last = path;
      queue.push({ at, kind: 'view', path, viewport: { width: Math.max(1, window.innerWidth), height: Math.max(1, window.innerHeight) } });
      const previous = stored(PREVIOUS_PATH);
      // A reload of the same path is no navigation.
      if (previous && previous !== path && previous.startsWith('/')) queue.push({ at, kind: 'navigation', path, from: previous.slice(0, PATH_MAX) });
      store(PREVIOUS_PATH, path);
    },
    flush(leaving = false) {
      while (queue.length > 0) {
        const events = queue.slice(0, ANALYTICS_LIMITS.pointsPerBatch);
        queue = queue.slice(events.length);
        const body: AnalyticsBatchBody = { sentAt: now(), visitorId: visitor, events };
        send(JSON.stringify(body), leaving);
      }
    },
    pending: () => queue.length,
  };
};

const sendTo = (url: string) => (body: string, leaving: boolean) => {
  if (leaving && navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json' } }).catch(() => {});
};

const enabled = async (): Promise<boolean> => {
  try {
    const answer = await fetch('/api/analytics/settings', { credentials: 'same-origin' });
    return answer.ok && ((await answer.json()) as AnalyticsSettings).enabled === true;
  } catch {
    return false;
  }
};

/**
 * Starts capturing the router's paths when the server says analytics is on, first those the early recorder
 * kept (from the landing page on), then each change; no change falls between the two, as both run at once.
 */
export const startAnalytics = async (router: PathSource, early: EarlyPaths): Promise<void> => {
  const on = await enabled();
  early.stop();
  if (!on) return;
  const capture = createCapture(sendTo(EVENTS_URL));
  // The heat map's points leave beside the page views, on the same timer and pagehide (interactions.ts).
  const interactions = startInteractions(visitorId(), () => cleanPath(router.state.location.pathname), sendTo(INTERACTIONS_URL));
  for (const { pathname, at } of early.seen) capture.view(pathname, at);
  capture.view(router.state.location.pathname);
  router.subscribe((state) => {
    capture.view(state.location.pathname);
    interactions.pathChanged();
  });
  setInterval(() => {
    capture.flush();
    interactions.flush();
  }, ANALYTICS_LIMITS.flushEveryMs);
  addEventListener('pagehide', () => {
    capture.flush(true);
    interactions.flush(true);
  });
};
