// The e2e tier's one set-up: the real API server (serving the built client) and Debian's Chromium,
// started before a file's tests and closed after them. Call it at the top of a describe block; read
// its fields inside tests and hooks, once they have started.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer } from '../../support/test-server.js';
import type { ApiClient, TestServer, TestServerOptions } from '../../support/test-server.js';
import { describeFailedPage, launchBrowser, prepareClient, takePageErrors, watchPageErrors } from './browser.js';

export interface AppAndBrowser {
  readonly server: TestServer;
  readonly browser: Browser;
}

export const startAppAndBrowser = (options: TestServerOptions = {}): AppAndBrowser => {
  const started: { server?: TestServer; browser?: Browser } = {};
  beforeAll(async () => {
    prepareClient();
    // The client captures page views as in production (a browser's user agent: browser.ts), so every test
    // runs with the capture's requests; a file may still turn it off.
    const server = startTestServer({ ...options, env: { ANALYTICS: 'on', ...options.env } });
    [started.server, started.browser] = await Promise.all([server, launchBrowser()]);
  });
  // A page error, console error or failed request fails the test whose pages raised it (issue 19 point 20,
  // issue 29 item 23), not a later one.
  beforeEach(({ onTestFailed }) => {
    takePageErrors();
    // A failing test leaves what its open tabs showed: a screenshot each, and their address and text in
    // the log (CI keeps only the log), to tell a slow page from a stuck one.
    onTestFailed(async ({ task }) => {
      const pages = started.browser?.contexts().flatMap((context) => context.pages()) ?? [];
      for (const [index, page] of pages.entries()) await describeFailedPage(page, `${task.name} (tab ${index + 1})`);
    });
  });
  afterEach(() => {
    expect(takePageErrors(), 'uncaught errors, console errors or failed requests in the browser').toEqual([]);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.close();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The e2e ${what} is not started yet: read it inside a test or hook`);
    return value;
  };
  return {
    get server() {
      return need(started.server, 'server');
    },
    get browser() {
      return need(started.browser, 'browser');
    },
  };
};

/** A new tab whose clock reads the server's (test clock) time; a page error fails the running test. */
export const newPageOnServerClock = async (
  e2e: AppAndBrowser,
  viewport: { width: number; height: number },
  label = 'browser',
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await e2e.browser.newContext({ viewport });
  await context.clock.install({ time: e2e.server.clock() });
  const page = await context.newPage();
  watchPageErrors(page, label);
  return { context, page };
};

// The members whose welcome tour is recorded as seen (once per member, on whichever server they belong to).
const tourSeen = new WeakSet<ApiClient>();

/**
 * A new tab (as newPageOnServerClock) at `path`, signed in as `member` with the session their API client
 * already holds: its cookie goes into the tab's context, so no sign-in runs through the development
 * provider (a chain of redirects, the slow part of opening a page). Signed out for null. The member
 * would meet the welcome tour on the dashboard; it is recorded as seen through the API, once per member.
 * The browser's own sign-in is what newcomer-sign-in, sign-out-everywhere and the files that sign up
 * through the form (feed, messaging, skill search) test; signInWithHint still signs a tab in afresh.
 * The tab shares the member's session: a test that signs out or ends sessions signs in a tab of its own.
 */
export const openAs = async (
  e2e: AppAndBrowser,
  member: ApiClient | null,
  path: string,
  viewport: { width: number; height: number },
  label?: string,
): Promise<{ context: BrowserContext; page: Page }> => {
  const { context, page } = await newPageOnServerClock(e2e, viewport, label);
  const base = e2e.server.url;
  if (member) {
    await context.addCookies(member.jar.entries().map(([name, value]) => ({ name, value, url: base })));
    if (!tourSeen.has(member)) {
      const seen = await member.patch(`/api/users/${member.memberId}/onboarding`, { hasSeenWelcomeTour: true });
      if (seen.status >= 300) throw new Error(`Could not mark the welcome tour seen: ${seen.status}`);
      tourSeen.add(member);
    }
  }
  await page.goto(`${base}${path}`);
  const pathname = new URL(path, base).pathname;
  // A guarded page sends a signed-out visitor elsewhere: fail here, not at the test's first wait.
  await page.waitForURL((url) => url.pathname === pathname);
  return { context, page };
};
