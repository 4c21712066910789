// The early recorder keeps the paths a member reaches before the capture's chunk arrives, and the capture
// replays them with the times they were reached: a quick first click loses no view and no navigation.
import { describe, expect, it } from 'vitest';
import type { AnalyticsBatchBody } from '@contracts/analytics';
import { createCapture } from './capture';
import { keepEarlyPaths, type PathSource } from './early-paths';

const storage = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
  window: { innerWidth: 1280, innerHeight: 800 },
});

const fakeRouter = (pathname: string) => {
  const listeners = new Set<(state: { location: { pathname: string } }) => void>();
  const router: PathSource & { go: (to: string) => void } = {
    state: { location: { pathname } },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go: (to) => {
      router.state = { location: { pathname: to } };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
};

describe('the early path recorder', () => {
  it('keeps the landing path and each change until stopped, with the time each was reached', () => {
    let clock = 100;
    const router = fakeRouter('/feed');
    const early = keepEarlyPaths(router, () => clock);
    clock = 250;
    router.go('/search');
    early.stop();
    router.go('/coming-soon');
    expect(early.seen).toEqual([
      { pathname: '/feed', at: 100 },
      { pathname: '/search', at: 250 },
    ]);
  });

  it('lets the capture replay them as views and navigations at their own times', () => {
    storage.clear();
    const router = fakeRouter('/feed');
    let clock = 100;
    const early = keepEarlyPaths(router, () => clock);
    clock = 250;
    router.go('/search');
    early.stop();
    const sent: AnalyticsBatchBody[] = [];
    const capture = createCapture(
      (body) => sent.push(JSON.parse(body) as AnalyticsBatchBody),
      () => 900,
    );
    for (const { pathname, at } of early.seen) capture.view(pathname, at);
    capture.view(router.state.location.pathname);
    capture.flush();
    expect(sent.flatMap((b) => b.events.map((e) => [e.kind, e.path, e.at]))).toEqual([
      ['view', '/feed', 100],
      ['view', '/search', 250],
      ['navigation', '/search', 250],
    ]);
  });
});
