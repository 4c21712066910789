// Shared browser set-up for the e2e tier (DESIGN.md §8): Debian's Chromium driven by playwright-core,
// against the real API server serving the built client.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { ensureClientBuilt } from '../../../scripts/ensure-client-built.js';

const CHROMIUM = '/usr/bin/chromium';

/**
 * A normal desktop Chrome's user agent, of the installed Chromium's major version: headless Chromium says
 * HeadlessChrome, which the server leaves out of the analytics as a bot (telemetry/user-agents.ts), and
 * the e2e tier runs with ANALYTICS=on so the capture's requests are part of every test (issue 31 point 5).
 */
const chromeUserAgent = (): string => {
  let major = '156';
  try {
    major = /(\d+)\./.exec(execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }))?.[1] ?? major;
  } catch {
    // The version only makes the agent look current; the default serves as well.
  }
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
};
export const BROWSER_USER_AGENT = chromeUserAgent();

export const chromiumFlags = [
  `--user-agent=${BROWSER_USER_AGENT}`,
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const screenshotDir = 'test-results';

/** Builds web/dist when it is missing or stale, so `vitest run --project e2e` works on its own. */
export const prepareClient = (): void => ensureClientBuilt();

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: chromiumFlags });

/**
 * What went wrong in every page opened through this module since the last `takePageErrors()`: uncaught
 * errors, console errors and failed requests. Each is a bug in the client or the server:
 * startAppAndBrowser fails the test that saw one (issue 19 point 20, issue 29 item 23), unless that test
 * expected it (`allowBrowserErrors`).
 */
const pageErrors: string[] = [];
let allowed: RegExp[] = [];

// Not failures, for every test: a request the page or the browser cancelled (a navigation, an unmounted
// query, TanStack Query's cancel) ends as net::ERR_ABORTED; and a 4xx is the API refusing, which the
// client shows and the test asserts (Chromium logs each such answer as a console error). A 5xx, a
// refused connection or any other console error counts.
const NEVER_A_FAILURE = [/ net::ERR_ABORTED$/, /^\[[^\]]+\] console error: Failed to load resource: the server responded with a status of 4\d\d /];

const record = (entry: string) => {
  if (NEVER_A_FAILURE.some((pattern) => pattern.test(entry)) || allowed.some((pattern) => pattern.test(entry))) return;
  console.error(entry);
  pageErrors.push(entry);
};

// Each tab's requests still without an answer, for describeFailedPage.
const pendingRequests = new WeakMap<Page, Map<Request, number>>();

export const watchPageErrors = (page: Page, label = 'browser'): void => {
  const pending = new Map<Request, number>();
  pendingRequests.set(page, pending);
  page.on('request', (request) => pending.set(request, Date.now()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('pageerror', (error) => {
    console.error(`[${label}] ${error.message}`);
    pageErrors.push(`[${label}] ${error.stack ?? error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    record(`[${label}] console error: ${message.text()} (${url}:${lineNumber})`);
  });
  page.on('requestfailed', (request) => record(`[${label}] request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    if (response.status() >= 500) record(`[${label}] request failed: ${response.request().method()} ${response.url()} answered ${response.status()}`);
  });
};

/**
 * Lets the running test's pages fail the way it provokes on purpose (a request it makes fail, the
 * console error that follows): each pattern matches a whole entry as recorded, e.g.
 * /request failed: GET .*\/api\/og/. Call it inside the test; the next test starts with none.
 */
export const allowBrowserErrors = (...patterns: RegExp[]): void => {
  allowed.push(...patterns);
};

/** The page errors collected so far; the list starts empty again, and so do the allowed ones. */
export const takePageErrors = (): string[] => {
  allowed = [];
  return pageErrors.splice(0, pageErrors.length);
};

export const newPage = async (browser: Browser, viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watchPageErrors(page);
  return { context, page };
};

/**
 * Runs the page's clock (installed with `context.clock.install`) `ms` forward at once, firing every timer
 * due in that time (the fallback polls run every 5 to 60 s), then waits until the browser has reported
 * whatever requests they made: the page fetches a marker last, and its requests are reported in the
 * order it made them. What a check that nothing was requested waits for, instead of a fixed sleep.
 */
export const runClockAndSettle = async (page: Page, ms: number): Promise<void> => {
  await page.clock.runFor(ms);
  const marker = `/?requests-settled=${Date.now()}-${Math.random()}`;
  await Promise.all([page.waitForRequest((request) => request.url().endsWith(marker)), page.evaluate((url) => void fetch(url), marker)]);
};

export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(screenshotDir, { recursive: true });
  const path = `${screenshotDir}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
};

/** Screenshots a tab of a failed test and logs its address and visible text; never throws. */
export const describeFailedPage = async (page: Page, label: string): Promise<void> => {
  const name = `failed-${label.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`;
  try {
    mkdirSync(screenshotDir, { recursive: true });
    // A page whose script is stuck never answers an evaluate: give up on its text after 5 s.
    const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('(the page did not answer within 5 s)'), 5_000).unref());
    const text = await Promise.race([
      page.evaluate(() => {
        // Whether React drew the spinner that shows (a fiber on it) or it is still index.html's shell.
        const status = document.querySelector('[role=status]');
        const drawnBy = status ? (Object.keys(status).some((key) => key.startsWith('__reactFiber')) ? 'react' : 'index.html') : 'no status';
        return `[spinner: ${drawnBy}, visibility ${document.visibilityState}] ${document.body?.innerText ?? ''}`;
      }),
      timeout,
    ]);
    const now = Date.now();
    const waiting = [...(pendingRequests.get(page) ?? new Map<Request, number>())].map(([request, since]) => `${request.method()} ${request.url()} (${now - since} ms)`);
    console.error(`[failed test] ${label}: ${page.url()}\n${text.replace(/\s+/g, ' ').slice(0, 600)}\nrequests without an answer: ${waiting.join(', ') || 'none'}`);
    await page.screenshot({ path: `${screenshotDir}/${name}.png`, timeout: 5_000 });
  } catch (error) {
    console.error(`[failed test] ${label}: ${page.url()} could not be read: ${(error as Error).message}`);
  }
};

export const uniqueEmail = (prefix: string): string => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Fills in the development provider's sign-in form, which the server shows after /api/login. */
export const submitDevSignInForm = async (page: Page, member: { email: string; name: string }): Promise<void> => {
  await page.waitForSelector('#email');
  await page.fill('#email', member.email);
  await page.fill('#name', member.name);
  await page.click('button[type=submit]');
};

/** Records, through the API, that the page's signed-in member has seen the welcome tour. */
export const markWelcomeTourSeen = async (page: Page, baseUrl: string): Promise<void> => {
  const me = (await (await page.request.get(`${baseUrl}/api/user`)).json()) as { id: string };
  const seen = await page.request.patch(`${baseUrl}/api/users/${me.id}/onboarding`, { data: { hasSeenWelcomeTour: true }, headers: { origin: baseUrl } });
  if (!seen.ok()) throw new Error(`Could not mark the welcome tour seen: ${seen.status()}`);
};

/**
 * Signs a member in directly: the development provider honours login_hint. A new member would meet the
 * welcome tour on the dashboard (a modal); unless `welcomeTour: 'show'`, the sign-in goes through the
 * browser context's requests (same cookies), records the tour as seen, then opens returnTo.
 */
export const signInWithHint = async (page: Page, baseUrl: string, email: string, returnTo: string, options: { welcomeTour?: 'seen' | 'show' } = {}): Promise<void> => {
  const params = new URLSearchParams({ login_hint: email, returnTo });
  if (options.welcomeTour === 'show') {
    await page.goto(`${baseUrl}/api/login?${params}`);
  } else {
    const signedIn = await page.request.get(`${baseUrl}/api/login?${params}`);
    if (!signedIn.ok()) throw new Error(`Sign-in failed: ${signedIn.status()}`);
    await markWelcomeTourSeen(page, baseUrl);
    await page.goto(`${baseUrl}${returnTo}`);
  }
  await page.waitForURL((url) => url.pathname === returnTo);
};
