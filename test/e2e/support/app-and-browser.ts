// The e2e tier's one set-up: the real API server (serving the built client) and Debian's Chromium,
// started before a file's tests and closed after them. Call it at the top of a describe block; read
// its fields inside tests and hooks, once they have started.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer } from '../../support/test-server.js';
import type { TestServer, TestServerOptions } from '../../support/test-server.js';
import { launchBrowser, prepareClient, takePageErrors, watchPageErrors } from './browser.js';

export interface AppAndBrowser {
  readonly server: TestServer;
  readonly browser: Browser;
}

export const startAppAndBrowser = (options: TestServerOptions = {}): AppAndBrowser => {
  const started: { server?: TestServer; browser?: Browser } = {};
  beforeAll(async () => {
    prepareClient();
    [started.server, started.browser] = await Promise.all([startTestServer(options), launchBrowser()]);
  });
  // A page error, console error or failed request fails the test whose pages raised it (issue 19 point 20,
  // issue 29 item 23), not a later one.
  beforeEach(() => void takePageErrors());
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
