// The heat map's recorder (issue 32 point 5): clicks, hovers after 500 ms still, scroll depth and focus,
// each with x as a fraction of the viewport's width, y in document pixels (the viewport's for a target in
// a fixed or sticky element, which moves with the screen), the viewport's size and that flag. Points queue
// in memory and leave with the page views: every 5 s (fetch, keepalive) and on `pagehide` (sendBeacon), to
// `POST /api/analytics/interactions` in batches of at most 1,000; off wherever the page views are off.
// It never blocks the page: passive listeners, the hover on one timer, the scroll read once a frame, the
// fixed-ancestor walk only for a point being recorded; a send that does not arrive is dropped.
import type { InteractionPointBody, InteractionsBatchBody } from '@contracts/heatmap';
import { INTERACTIONS_LIMITS, RAGE_CLICKS } from '@contracts/heatmap-limits';

export const INTERACTIONS_URL = '/api/analytics/interactions';
const Y_MAX = 1_000_000;
const ANCESTORS_MAX = 25;
/** A focus this soon after a pointer press is that press's, already a click. */
const FOCUS_AFTER_PRESS_MS = 500;

type Action = InteractionPointBody['action'];

/**
 * The queue: points in, batches out. A periodic flush keeps the last second's clicks for the next one, so a
 * rage-click burst (found per batch on the server) is seldom split between two batches; leaving sends all.
 */
export const createInteractionQueue = (visitorId: string, send: (body: string, leaving: boolean) => void, now: () => number = Date.now) => {
  let queue: InteractionPointBody[] = [];
  return {
    add(point: InteractionPointBody) {
      queue.push(point);
      if (queue.length > INTERACTIONS_LIMITS.queueMax) queue = queue.slice(queue.length - INTERACTIONS_LIMITS.queueMax);
    },
    flush(leaving = false) {
      const cut = now() - RAGE_CLICKS.withinMs;
      const ready = leaving ? queue : queue.filter((point) => point.action !== 'click' || point.at <= cut);
      queue = leaving ? [] : queue.filter((point) => point.action === 'click' && point.at > cut);
      for (let start = 0; start < ready.length; start += INTERACTIONS_LIMITS.pointsPerBatch) {
        const body: InteractionsBatchBody = { sentAt: now(), visitorId, points: ready.slice(start, start + INTERACTIONS_LIMITS.pointsPerBatch) };
        send(JSON.stringify(body), leaving);
      }
    },
    pending: () => queue.length,
  };
};

/** Whether the element or an ancestor is fixed or sticky: it stays in the viewport, so its y is the viewport's. */
const inFixed = (target: EventTarget | null): boolean => {
  let element = target instanceof Element ? target : null;
  for (let depth = 0; element && element !== document.documentElement && depth < ANCESTORS_MAX; depth += 1) {
    const { position } = getComputedStyle(element);
    if (position === 'fixed' || position === 'sticky') return true;
    element = element.parentElement;
  }
  return false;
};

const viewport = () => ({ width: Math.min(Math.max(1, Math.round(innerWidth)), 20000), height: Math.min(Math.max(1, Math.round(innerHeight)), 20000) });

/** A point at the viewport position (clientX, clientY). */
export const pointAt = (
  action: Action,
  clientX: number,
  clientY: number,
  fixed: boolean,
  path: string,
  at: number,
  view: { width: number; height: number; scrollY: number },
): InteractionPointBody => ({
  at,
  path,
  action,
  x: Math.round(Math.min(Math.max(clientX / view.width, 0), 1) * 10_000) / 10_000,
  y: Math.min(Math.max(Math.round(fixed ? clientY : clientY + view.scrollY), 0), Y_MAX),
  viewport: { width: view.width, height: view.height },
  fixed,
});

/** Starts recording; `path()` is the page's path as the page views name it. Returns the queue's flush. */
export const startInteractions = (visitorId: string, path: () => string, send: (body: string, leaving: boolean) => void) => {
  const queue = createInteractionQueue(visitorId, send);
  const record = (action: Action, clientX: number, clientY: number, target: EventTarget | null) => {
    const view = viewport();
    queue.add(pointAt(action, clientX, clientY, inFixed(target), path(), Date.now(), { ...view, scrollY }));
  };
  const options = { capture: true, passive: true } as const;

  addEventListener(
    'click',
    (event) => {
      // A click made with a key (detail 0) is recorded as the focus that came before it.
      if (event.detail === 0) return;
      record('click', event.clientX, event.clientY, event.target);
    },
    options,
  );

  // A hover: the mouse still for 500 ms, once per resting place.
  let hoverTimer: ReturnType<typeof setTimeout> | null = null;
  let resting: { x: number; y: number; target: EventTarget | null } | null = null;
  let lastHover: { x: number; y: number } | null = null;
  addEventListener(
    'pointermove',
    (event) => {
      if (event.pointerType !== 'mouse') return;
      resting = { x: event.clientX, y: event.clientY, target: event.target };
      if (hoverTimer) clearTimeout(hoverTimer);
      hoverTimer = setTimeout(() => {
        hoverTimer = null;
        if (!resting || (lastHover && lastHover.x === resting.x && lastHover.y === resting.y)) return;
        lastHover = { x: resting.x, y: resting.y };
        record('hover', resting.x, resting.y, resting.target);
      }, INTERACTIONS_LIMITS.hoverStillMs);
    },
    options,
  );

  let pressedAt = -Infinity;
  addEventListener('pointerdown', () => void (pressedAt = Date.now()), options);
  addEventListener(
    'focusin',
    (event) => {
      if (Date.now() - pressedAt < FOCUS_AFTER_PRESS_MS || !(event.target instanceof Element)) return;
      const box = event.target.getBoundingClientRect();
      record('focus', box.left + box.width / 2, box.top + box.height / 2, event.target);
    },
    options,
  );

  // Scroll depth: the deepest document px seen on the page (the viewport's bottom), read once a frame and
  // recorded once per flush when it grew, and when the page changes.
  let depth = { path: path(), deepest: 0, sent: 0 };
  let frame = false;
  const measure = () => {
    const current = path();
    if (current !== depth.path) {
      settleDepth();
      depth = { path: current, deepest: 0, sent: 0 };
    }
    depth.deepest = Math.max(depth.deepest, Math.round(scrollY + innerHeight));
  };
  const settleDepth = () => {
    if (depth.deepest <= depth.sent) return;
    depth.sent = depth.deepest;
    queue.add({ at: Date.now(), path: depth.path, action: 'scroll', x: 0, y: Math.min(depth.deepest, Y_MAX), viewport: viewport(), fixed: false });
  };
  addEventListener(
    'scroll',
    () => {
      if (frame) return;
      frame = true;
      requestAnimationFrame(() => {
        frame = false;
        measure();
      });
    },
    { passive: true },
  );

  return {
    /** The page changed: the last page's depth is recorded with its own path. */
    pathChanged: measure,
    flush(leaving = false) {
      measure();
      settleDepth();
      queue.flush(leaving);
    },
  };
};
