// Issue 31 points 2 and 5 in Chromium with ANALYTICS=on and a normal browser's user agent: a member browses,
// the capture sends its batch, and the page views appear in the admin's Live Activity (another context,
// /admin) within a second of the batch, without a reload; at 1280 and 390 px, axe clean. A new member's
// sign-up moves /admin/users's stat cards over /ws, without a reload, and appears in the Live Activity as
// their sign-in and their registration.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../support/test-server.js';
import { startAppAndBrowser } from './support/app-and-browser.js';
import { screenshot, watchPageErrors } from './support/browser.js';
import { seriousViolations } from './support/axe.js';

const ADMIN = 'ana-live-activity@example.com';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const openTab = async (browser: Browser, base: string, who: ApiClient, path: string, viewport: { width: number; height: number }): Promise<Page> => {
  const context = await browser.newContext({ viewport, userAgent: BROWSER });
  await context.addCookies(who.jar.entries().map(([name, value]) => ({ name, value, url: base })));
  const page = await context.newPage();
  watchPageErrors(page);
  await page.goto(`${base}${path}`);
  return page;
};

describe('the Live Activity', () => {
  const e2e = startAppAndBrowser({ env: { ADMIN_EMAILS: ADMIN, ANALYTICS: 'on' } });

  it("shows a member's page views to the admin within a second of their batch, without a reload", async () => {
    const base = e2e.server.url;
    const [admin, member] = await Promise.all([signIn(base, ADMIN, 'Ana'), signIn(base, `mel-${Date.now()}@example.com`, 'Mel Browser')]);
    await member.patch(`/api/users/${member.memberId}/onboarding`, { hasSeenWelcomeTour: true });
    const adminPage = await openTab(e2e.browser, base, admin, '/admin', { width: 1280, height: 900 });
    await adminPage.getByRole('heading', { name: 'Live Activity' }).waitFor();

    const memberPage = await openTab(e2e.browser, base, member, '/feed', { width: 1280, height: 900 });
    // The batch that carries the navigation (on a slow machine the /feed view may have left in an earlier one),
    // listened for before the click: the batch may leave at once, before a listener added after would hear it.
    const navigationSent = memberPage.waitForResponse(
      (response) => response.url().endsWith('/api/analytics/events') && response.status() === 202 && /"navigation"/.test(response.request().postData() ?? ''),
      { timeout: 15_000 },
    );
    await memberPage
      .getByRole('link', { name: /search/i })
      .first()
      .click();
    await memberPage.waitForURL((url) => url.pathname === '/search');
    const sent = await navigationSent;
    const answer = (await sent.json()) as { stored: number };
    expect(answer.stored).toBeGreaterThanOrEqual(1);
    const arrived = Date.now();

    const rows = adminPage.locator('[data-live-activity] tbody tr[data-row-id]');
    await expect.poll(async () => (await rows.allInnerTexts()).join('\n'), { timeout: 1_000, interval: 50 }).toMatch(/Navigation\s+Mel Browser\s+\/search\s+from \/feed/);
    expect(Date.now() - arrived).toBeLessThan(1_000);
    expect((await rows.allInnerTexts()).join('\n')).toMatch(/Page view\s+Mel Browser\s+\/feed/);
    // The admin's own visit to /admin was captured too.
    expect((await rows.allInnerTexts()).join('\n')).toMatch(/Ana\s+\/admin/);

    await screenshot(adminPage, 'live-activity-1280');
    expect(await seriousViolations(adminPage)).toEqual([]);
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await screenshot(adminPage, 'live-activity-390');
    expect(await seriousViolations(adminPage)).toEqual([]);
    await adminPage.context().close();
    await memberPage.context().close();
  }, 60_000);

  it("moves the users directory's stat cards within a second of a new member's sign-up, without a reload", async () => {
    const base = e2e.server.url;
    const admin = await signIn(base, ADMIN, 'Ana');
    const adminPage = await openTab(e2e.browser, base, admin, '/admin/users', { width: 1280, height: 900 });
    const total = adminPage.getByTestId('user-stat-total-users');
    await expect.poll(() => total.textContent()).toMatch(/^\d+$/);
    const before = Number(await total.textContent());
    const statsRequests: number[] = [];
    adminPage.on('request', (request) => {
      if (request.url().endsWith('/api/admin/user-stats')) statsRequests.push(Date.now());
    });

    await signIn(base, `nia-${Date.now()}@example.com`, 'Nia Newcomer');
    const signedUp = Date.now();
    await expect.poll(() => total.textContent(), { timeout: 1_000, interval: 50 }).toBe(String(before + 1));
    expect(Date.now() - signedUp).toBeLessThan(1_000);
    // However many notices the sign-up sent (registration, onboarding, points), the cards were asked for at most once a second.
    expect(statsRequests.length).toBeGreaterThanOrEqual(1);
    expect(statsRequests.length).toBeLessThanOrEqual(2);

    // The Live Activity shows the newcomer's sign-in and registration.
    await adminPage.goto(`${base}/admin`);
    const rows = adminPage.locator('[data-live-activity] tbody tr[data-row-id]');
    await expect.poll(async () => (await rows.allInnerTexts()).join('\n')).toMatch(/Sign-in\s+Nia Newcomer\s+\/feed/);
    expect((await rows.allInnerTexts()).join('\n')).toMatch(/Action\s+Nia Newcomer\s+\/profile\s+Member registered/);
    await adminPage.context().close();
  }, 60_000);
});
