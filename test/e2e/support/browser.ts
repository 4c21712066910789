// Shared browser set-up for the e2e tier (DESIGN.md §8): Debian's Chromium driven by playwright-core,
// against the real API server serving the built client.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ensureClientBuilt } from '../../../scripts/ensure-client-built.js';

export const chromiumFlags = [
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

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });

/**
 * Uncaught errors of every page opened through this module since the last `takePageErrors()`. A page
 * error is a bug in the client: startAppAndBrowser fails the test that saw one (issue 19 point 20).
 */
const pageErrors: string[] = [];

export const watchPageErrors = (page: Page, label = 'browser'): void => {
  page.on('pageerror', (error) => {
    console.error(`[${label}] ${error.message}`);
    pageErrors.push(`[${label}] ${error.stack ?? error.message}`);
  });
};

/** The page errors collected so far; the list starts empty again. */
export const takePageErrors = (): string[] => pageErrors.splice(0, pageErrors.length);

export const newPage = async (browser: Browser, viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watchPageErrors(page);
  return { context, page };
};

export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(screenshotDir, { recursive: true });
  const path = `${screenshotDir}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
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
