// Issue 31 points 1-4 in Chromium: the /admin dashboard's header, summary cards and seven tabs; the tab in
// the URL; 'Refresh All' with live mode on and off; the inline 'Access Denied' when the rights end while
// the page is open; and a funnel drop-off followed to the User Inspector. At 1280 and 390 px, axe clean.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminAccessTexts } from '../../api/contracts/admin-access.js';
import { adminStatsTexts } from '../../api/contracts/admin-stats.js';
import { adminUsersTexts } from '../../api/contracts/admin-users.js';
import { signIn, type ApiClient } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { screenshot } from './support/browser.js';
import { seriousViolations } from './support/axe.js';

const ADMIN = 'ada-dashboard@example.com';
const tabNames = ['Live Activity', 'User Management', 'Error Monitoring', 'System Metrics', 'AI Analytics', 'Heat Map', 'User Inspector'];
const viewport = (width: number) => ({ width, height: width > 500 ? 900 : 844 });

/** The GET requests the page makes to the admin scope from now on, by path. */
const adminReads = (page: Page): Set<string> => {
  const paths = new Set<string>();
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/admin/')) paths.add(url.pathname);
  });
  return paths;
};

describe('the admin dashboard', () => {
  const e2e = startAppAndBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  let admin: ApiClient | undefined;
  const adminClient = async () => (admin ??= await signIn(e2e.server.url, ADMIN, 'Ada Dashboard'));

  it('shows the header, the four summary cards and the seven tabs, Live Activity first, at 1280 and 390 px', async () => {
    const me = await adminClient();
    for (const width of [1280, 390]) {
      const { context, page } = await openAs(e2e, me, '/admin', viewport(width));
      await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
      await expect(page.getByRole('switch', { name: 'Live' }).getAttribute('aria-checked')).resolves.toBe('true');
      await page.getByRole('button', { name: 'Refresh All' }).waitFor();
      await page.getByRole('button', { name: 'Test Email' }).waitFor();
      for (const card of ['card-users', 'card-sessions', 'card-health', 'card-errors']) await page.getByTestId(card).waitFor();
      await expect(page.getByRole('tab').allInnerTexts()).resolves.toEqual(tabNames);
      await expect(page.getByRole('tab', { name: 'Live Activity' }).getAttribute('aria-selected')).resolves.toBe('true');
      await page.getByRole('tabpanel').getByRole('heading', { name: 'Live Activity' }).waitFor();
      // The page settles (the figures, or their failure) before it is pictured and checked.
      await page.locator('[data-testid=conversion-funnel], [role=alert]').first().waitFor();
      await screenshot(page, `admin-dashboard-${width}`);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);

      // The followers moved to a page of their own, linked from the admin sections.
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Operations' }).click();
      await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/operations');
      await context.close();
    }
  });

  it('keeps the chosen tab in the URL across a reload, and moves between tabs with the arrow keys', async () => {
    const { context, page } = await openAs(e2e, await adminClient(), '/admin', viewport(1280));
    await page.getByRole('tab', { name: 'Error Monitoring' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'errors');
    await page.getByRole('tabpanel').getByRole('heading', { name: 'No recent errors' }).waitFor();
    await page.reload();
    await page.getByRole('tabpanel').getByRole('heading', { name: 'No recent errors' }).waitFor();
    await expect(page.getByRole('tab', { name: 'Error Monitoring' }).getAttribute('aria-selected')).resolves.toBe('true');

    // Radix's roving focus: an arrow key moves to the next tab and chooses it.
    await page.getByRole('tab', { name: 'Error Monitoring' }).focus();
    for (const [key, tab] of [
      ['ArrowRight', 'metrics'],
      ['ArrowLeft', 'errors'],
      ['ArrowLeft', 'users'],
    ] as const) {
      await page.keyboard.press(key);
      await page.waitForURL((url) => url.searchParams.get('tab') === tab);
      await expect.poll(() => page.getByRole('tab', { selected: true }).getAttribute('data-tab')).toBe(tab);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-tab'))).toBe(tab);
    }
    await screenshot(page, 'admin-dashboard-users-tab-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tabpanel').getByRole('link', { name: 'Open the users directory' }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();

    // The Inspector tab embeds the inspector, its member in the URL beside the tab.
    await page.goto(`${e2e.server.url}/admin?tab=inspector`);
    await page.getByRole('tabpanel').getByRole('heading', { name: adminUsersTexts.noSelection }).waitFor();
    await page.goto(`${e2e.server.url}/admin?tab=inspector&userId=${(await adminClient()).memberId}`);
    await page.getByTestId('user-detail').getByRole('heading', { name: 'Ada Dashboard' }).waitFor();
    await screenshot(page, 'admin-dashboard-inspector-tab-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("reads every admin query again on 'Refresh All', with live mode on and off", async () => {
    const { context, page } = await openAs(e2e, await adminClient(), '/admin', viewport(1280));
    await page.getByTestId('live-activity').waitFor();
    await page.locator('[data-testid=conversion-funnel], [role=alert]').first().waitFor();
    const live = page.getByRole('switch', { name: 'Live' });
    for (const on of [true, false]) {
      if (!on) {
        await live.click();
        await expect(live.getAttribute('aria-checked')).resolves.toBe('false');
        await expect(page.getByTestId('live-status').textContent()).resolves.toMatch(/^Paused/);
      }
      const reads = adminReads(page);
      await page.getByRole('button', { name: 'Refresh All' }).click();
      await expect.poll(() => [...reads].sort()).toEqual(expect.arrayContaining(['/api/admin/activities', '/api/admin/me', '/api/admin/stats']));
    }
    await context.close();
  });

  it("tells an admin whose rights end while the page is open 'Access Denied' with their e-mail, and takes them home", async () => {
    // The member signs in first: their sign-in is live activity, which the open page would read again.
    const member = await signIn(e2e.server.url, `mo-${Date.now()}@example.com`, 'Mo Member');
    const { context, page } = await openAs(e2e, await adminClient(), '/admin', viewport(390));
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    // The browser's session becomes a member's: the server now refuses every admin read with a 403.
    await context.addCookies(member.jar.entries().map(([name, value]) => ({ name, value, url: e2e.server.url })));
    const denied = page.getByTestId('admin-access-denied');
    // A live read already in flight may meet the 403 first and replace the page (and its button) by the notice.
    await Promise.race([
      page
        .getByRole('button', { name: 'Refresh All' })
        .click()
        .catch(() => undefined),
      denied.waitFor(),
    ]);
    await denied.getByRole('heading', { name: adminAccessTexts.deniedTitle }).waitFor();
    await expect.poll(() => denied.textContent()).toContain(member.email);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await screenshot(page, 'admin-dashboard-access-denied-390');
    expect(await seriousViolations(page)).toEqual([]);
    await denied.getByRole('link', { name: adminAccessTexts.backHome }).click();
    await page.waitForURL((url) => url.pathname === '/feed');
    await context.close();
  });

  it("says 'Admin Access Required' with Log In when the session ends while the page is open", async () => {
    // A session of its own, so that ending it leaves the other tests' admin signed in.
    const own = await signIn(e2e.server.url, ADMIN, 'Ada Dashboard');
    const { context, page } = await openAs(e2e, own, '/admin', viewport(1280));
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    expect((await own.get('/api/logout')).status).toBeLessThan(400);
    await page.getByRole('button', { name: 'Refresh All' }).click();
    const required = page.getByTestId('admin-access-required');
    await required.getByRole('heading', { name: adminAccessTexts.requiredTitle }).waitFor();
    await screenshot(page, 'admin-dashboard-access-required-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await required.getByRole('button', { name: adminAccessTexts.logIn }).click();
    await page.waitForURL((url) => url.pathname !== '/admin');
    await context.close();
  });

  // Needs GET /api/admin/stats and /api/admin/funnel/stopped (the `stats` branch of issue 31).
  it('follows the members who stopped after signing up to the User Inspector', async () => {
    const me = await adminClient();
    const quiet = await signIn(e2e.server.url, `quinn-${Date.now()}@example.com`, 'Quinn Quiet');
    for (const width of [1280, 390]) {
      const { context, page } = await openAs(e2e, me, '/admin', viewport(width));
      const users = page.getByTestId('funnel-users-value');
      // The funnel's read model is eventual: the figures settle once it has read every sign-up.
      await expect.poll(async () => Number((await users.textContent())?.replaceAll(',', ''))).toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId('funnel-note').textContent()).resolves.toBe(adminStatsTexts.priority);
      // Health is graded by the server's checks (GET /api/admin/health-metrics, issue 32 point 3).
      await expect.poll(() => page.getByTestId('card-health-value').textContent()).toMatch(/^(Healthy|Degraded|Critical)$/);
      // Errors come from the error monitor now (issue 32): none happened on this server.
      await expect(page.getByTestId('card-errors-value').textContent()).resolves.toBe('0');
      await screenshot(page, `admin-dashboard-figures-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('journey-signedUp-stopped').click();
      const dialog = page.getByRole('dialog', { name: `Stopped at: ${adminStatsTexts.stepLabels.signedUp}` });
      const quinn = dialog.getByRole('link', { name: /Quinn Quiet/ });
      await quinn.waitFor();
      await screenshot(page, `admin-dashboard-stopped-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await quinn.click();
      await page.waitForURL((url) => url.pathname === '/admin/inspector' && url.searchParams.get('userId') === quiet.memberId);
      await page.getByTestId('user-detail').getByRole('heading', { name: 'Quinn Quiet' }).waitFor();
      await context.close();
    }
  });
});
