// The capture's rules (spec 002 §7): a page view per path change, a navigation from the path session
// storage holds, none for a reload of the same path, and the queue sent in batches of at most 1,000.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsBatchBody } from '@contracts/analytics';
import { createCapture } from './capture';

// Node has no tab: session storage and the viewport as a browser tab gives them.
const storage = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) },
  window: { innerWidth: 1280, innerHeight: 800 },
});

const sent: { body: AnalyticsBatchBody; leaving: boolean }[] = [];
const capture = () =>
  createCapture(
    (body, leaving) => sent.push({ body: JSON.parse(body) as AnalyticsBatchBody, leaving }),
    () => 1_000,
  );
const kinds = () => sent.flatMap((s) => s.body.events.map((e) => `${e.kind} ${'from' in e && e.from ? `${e.from} -> ` : ''}${e.path}`));

describe('the analytics capture', () => {
  beforeEach(() => {
    storage.clear();
    sent.length = 0;
  });

  it('records a page view per path change and a navigation from the previous path', () => {
    const c = capture();
    c.view('/feed');
    c.view('/feed');
    c.view('/search');
    c.flush();
    expect(kinds()).toEqual(['view /feed', 'view /search', 'navigation /feed -> /search']);
    expect(sent[0]!.body.visitorId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('takes the previous path from session storage across a full page load, but not for a reload', () => {
    capture().view('/feed');
    const next = capture();
    next.view('/feed');
    next.view('/profile');
    next.flush();
    expect(kinds()).toEqual(['view /feed', 'view /profile', 'navigation /feed -> /profile']);
  });

  it('sends the queue in batches of at most 1,000, by beacon when the page is hidden', () => {
    const c = capture();
    for (let i = 0; i < 2500; i += 1) c.view(`/skills/${i}`);
    c.flush(true);
    expect(sent.map((s) => [s.body.events.length, s.leaving])).toEqual([
      [1000, true],
      [1000, true],
      [1000, true],
      [1000, true],
      [999, true],
    ]);
    expect(c.pending()).toBe(0);
  });
});
