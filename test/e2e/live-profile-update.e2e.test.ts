import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startAppAndBrowser } from './support/app-and-browser.js';
import { newPage, runClockAndSettle, screenshot, signInWithHint, submitDevSignInForm, uniqueEmail } from './support/browser.js';

type Seen = { kind: 'request'; url: string } | { kind: 'changed'; payload: string };

/** Records, in the order the browser reports them, the page's /api requests and the change notices it receives. */
const recordTraffic = (page: Page): Seen[] => {
  const log: Seen[] = [];
  page.on('request', (request) => {
    // The analytics capture's batches (ANALYTICS=on in the e2e tier) carry the tab's page views: no poll.
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && !path.startsWith('/api/analytics/')) log.push({ kind: 'request', url: request.url() });
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('"changed"')) log.push({ kind: 'changed', payload: text });
    });
  });
  return log;
};

describe('live profile updates', () => {
  const e2e = startAppAndBrowser();

  it("show a change made in one tab in the member's other tab, pushed rather than polled", async () => {
    const email = uniqueEmail('live');
    const a = await newPage(e2e.browser);
    await a.page.goto(`${e2e.server.url}/profile`);
    await submitDevSignInForm(a.page, { email, name: 'Katherine Johnson' });
    await a.page.waitForURL((url) => url.pathname === '/profile');
    await a.page.getByTestId('edit-profile').waitFor();

    const b = await newPage(e2e.browser);
    await b.context.clock.install();
    const socketReady = new Promise<void>((resolve) =>
      b.page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => String(payload).includes('"connected"') && resolve())),
    );
    const traffic = recordTraffic(b.page);
    await signInWithHint(b.page, e2e.server.url, email, '/profile');
    await b.page.getByTestId('profile-name').waitFor();
    await socketReady;
    await b.page.waitForLoadState('networkidle');

    // Tab B at rest: nothing polls while the socket is up.
    const restStart = traffic.length;
    // A minute of its clock at once: every fallback poll would have fired by then.
    await runClockAndSettle(b.page, 61_000);
    expect(traffic.slice(restStart)).toEqual([]);

    const location = `Hampton, Virginia ${Date.now()}`;
    const windowStart = traffic.length;
    await a.page.getByTestId('edit-profile').click();
    await a.page.fill('#profile-location', location);
    const [response] = await Promise.all([
      a.page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/users/')),
      a.page.getByTestId('save-profile').click(),
    ]);
    expect(response.status()).toBe(200);
    await response.finished();

    // How soon is bench/freshness.ts's measure; here: tab B shows it, told by the websocket.
    await b.page.waitForFunction((expected) => document.querySelector('[data-testid=profile-location]')?.textContent?.includes(expected), location, { timeout: 5_000 });
    await expect(b.page.getByTestId('profile-location').textContent()).resolves.toContain(location);

    // Every request tab B made for this change came after the websocket told it what changed.
    const during = traffic.slice(windowStart);
    const firstNotice = during.findIndex((seen) => seen.kind === 'changed');
    expect(firstNotice).toBeGreaterThanOrEqual(0);
    expect(during.slice(0, firstNotice)).toEqual([]);
    const refetched = during.filter((seen) => seen.kind === 'request').map((seen) => new URL(seen.url).pathname);
    expect(refetched.length).toBeGreaterThan(0);
    // Only the member's own data (profile, balance, and what the nav bar shows about them) is refetched.
    const me = await b.page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { id: string }).id);
    for (const path of refetched) expect(path).toMatch(new RegExp(`^/api/(user|users/${me}(/[a-z-/]+)?)$`));

    await screenshot(b.page, 'e2e-live-profile-tab-b');
    await a.context.close();
    await b.context.close();
  });
});
