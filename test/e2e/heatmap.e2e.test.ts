// Issue 32 point 5 in Chromium with ANALYTICS=on and a normal browser's user agent: a member clicks a page
// at a quarter and three quarters of its width, at 1280 px and at 390 px; the recorder sends the points,
// and the admin's Heat Map (another tab, already open on the page) shows them without a reload, in the
// same columns in the desktop band and in the phone band, on the canvas and in its table of busiest
// cells. The canvas keeps its 3:2 inside a 390 px screen; screenshots at 1280 and 390 px; axe clean.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cellOf, HEATMAP } from '../../api/contracts/heatmap-limits.js';
import { signIn, type ApiClient } from '../support/test-server.js';
import { startAppAndBrowser } from './support/app-and-browser.js';
import { screenshot, watchPageErrors } from './support/browser.js';
import { seriousViolations } from './support/axe.js';

const ADMIN = 'ana-heatmap@example.com';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FRACTIONS = [0.25, 0.75];

const openTab = async (browser: Browser, base: string, who: ApiClient, path: string, viewport: { width: number; height: number }): Promise<Page> => {
  const context = await browser.newContext({ viewport, userAgent: BROWSER });
  await context.addCookies(who.jar.entries().map(([name, value]) => ({ name, value, url: base })));
  const page = await context.newPage();
  watchPageErrors(page);
  // The recorder starts once the capture's chunk has asked whether analytics is on.
  const settings = page.waitForResponse((response) => response.url().endsWith('/api/analytics/settings'));
  await page.goto(`${base}${path}`);
  await settings;
  return page;
};

/** The first y (from 150 px down) at this share of the width whose element is not a link, button or field: a click there changes nothing. */
const quietY = (page: Page, fraction: number) =>
  page.evaluate((share) => {
    const x = Math.round(innerWidth * share);
    for (let y = 150; y < innerHeight - 20; y += 10) {
      const element = document.elementFromPoint(x, y);
      if (element && !element.closest('a, button, input, textarea, select, label, [role=button], [tabindex], header, nav')) return { x, y };
    }
    throw new Error(`No quiet spot at ${share} of the width`);
  }, fraction);

/** Clicks at each share of the width and waits for the batch that carries the clicks; returns the cells they fall in. */
const clickAndSend = async (page: Page) => {
  const stored: number[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/analytics/interactions') || response.status() !== 202) return;
    const body = JSON.parse(response.request().postData() ?? '{}') as { points?: { action: string }[] };
    stored.push(body.points?.filter((point) => point.action === 'click').length ?? 0);
  });
  await page.waitForFunction(() => document.readyState === 'complete');
  const spots = [];
  for (const fraction of FRACTIONS) {
    const { x, y } = await quietY(page, fraction);
    await page.mouse.click(x, y);
    const width = page.viewportSize()!.width;
    spots.push({ fraction, x: x / width, ...cellOf(x / width, y + (await page.evaluate(() => Math.round(scrollY)))) });
  }
  // Both clicks sent (the recorder keeps the last second's clicks for the next flush, 5 s apart).
  await expect.poll(() => stored.reduce((total, clicks) => total + clicks, 0), { timeout: 15_000 }).toBe(FRACTIONS.length);
  return spots;
};

const busiestCells = async (admin: Page) =>
  admin.locator('[data-testid=heatmap-busiest] tbody tr').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-column')}|${row.getAttribute('data-row')}`));

/** The canvas's colour at a cell's centre, in the section shown. */
const paintedAt = (admin: Page, column: number, row: number) =>
  admin.locator('[data-testid=heatmap-canvas]').evaluate(
    (canvas, [c, r, px, rows]) => {
      const context = (canvas as HTMLCanvasElement).getContext('2d')!;
      const [red, green, blue] = context.getImageData(c * px + px / 2, (r % rows) * px + px / 2, 1, 1).data;
      return `${red},${green},${blue}`;
    },
    [column, row, HEATMAP.cellPx, HEATMAP.rows] as const,
  );
const BACKGROUND = '248,250,252';

describe('the heat map', () => {
  const e2e = startAppAndBrowser({ env: { ADMIN_EMAILS: ADMIN, ANALYTICS: 'on' } });

  it("shows a member's clicks at the same relative x at 1280 and 390 px, each in its band, without a reload", async () => {
    const base = e2e.server.url;
    const [admin, member] = await Promise.all([signIn(base, ADMIN, 'Ana'), signIn(base, `hana-${Date.now()}@example.com`, 'Hana Clicker')]);
    await member.patch(`/api/users/${member.memberId}/onboarding`, { hasSeenWelcomeTour: true });

    const adminPage = await openTab(e2e.browser, base, admin, '/admin?tab=heatmap', { width: 1280, height: 900 });
    const panel = adminPage.getByTestId('heatmap-panel');
    await panel.getByLabel('Page', { exact: true }).fill('/feed');
    await panel.getByRole('button', { name: 'Show page', exact: true }).click();
    await panel.getByText('No interactions in this window').waitFor();

    // Desktop: the member's clicks reach the admin's open heat map over /ws.
    const desktop = await openTab(e2e.browser, base, member, '/feed', { width: 1280, height: 900 });
    await desktop.getByRole('heading').first().waitFor();
    const desktopSpots = await clickAndSend(desktop);
    const sentAt = Date.now();
    await expect
      .poll(() => busiestCells(adminPage), { timeout: 3_000, interval: 100 })
      .toEqual(expect.arrayContaining(desktopSpots.map((spot) => `${spot.column}|${spot.row}`)));
    expect(Date.now() - sentAt).toBeLessThan(3_000);
    for (const spot of desktopSpots) expect(await paintedAt(adminPage, spot.column, spot.row)).not.toBe(BACKGROUND);

    // Phone: the same shares of a 390 px width fall in the same columns, in the phone band.
    const phone = await openTab(e2e.browser, base, member, '/feed', { width: 390, height: 844 });
    await phone.getByRole('heading').first().waitFor();
    const phoneSpots = await clickAndSend(phone);
    expect(phoneSpots.map((spot) => spot.column)).toEqual(desktopSpots.map((spot) => spot.column));
    expect(phoneSpots.map((spot) => spot.column)).toEqual(FRACTIONS.map((fraction) => cellOf(fraction, 0).column));
    await panel.getByLabel('Viewport').selectOption('phone');
    await expect.poll(() => busiestCells(adminPage), { timeout: 5_000 }).toEqual(expect.arrayContaining(phoneSpots.map((spot) => `${spot.column}|${spot.row}`)));
    for (const spot of phoneSpots) expect(await paintedAt(adminPage, spot.column, spot.row)).not.toBe(BACKGROUND);
    // The desktop clicks are not in the phone band.
    const phoneCells = await busiestCells(adminPage);
    for (const spot of desktopSpots.filter((d) => !phoneSpots.some((p) => p.column === d.column && p.row === d.row))) {
      expect(phoneCells).not.toContain(`${spot.column}|${spot.row}`);
    }

    await panel.getByLabel('Viewport').selectOption('desktop');
    await expect.poll(() => busiestCells(adminPage)).toEqual(expect.arrayContaining(desktopSpots.map((spot) => `${spot.column}|${spot.row}`)));
    await screenshot(adminPage, 'heatmap-1280');
    await panel.screenshot({ path: 'test-results/heatmap-panel-1280.png' });
    expect(await seriousViolations(adminPage)).toEqual([]);
    await panel.getByRole('tab', { name: 'Analytics' }).click();
    await expect.poll(() => adminPage.getByTestId('heatmap-clicks').textContent()).toMatch(/Clicks\s*2/);
    await panel.getByRole('tab', { name: 'Insights' }).click();
    await adminPage.getByTestId('heatmap-rage-clicks').waitFor();
    await panel.screenshot({ path: 'test-results/heatmap-insights-1280.png' });
    expect(await seriousViolations(adminPage)).toEqual([]);
    await panel.getByRole('tab', { name: 'Heat Map', exact: true }).click();

    // At 390 px the canvas fits the screen and keeps its 3:2.
    await adminPage.setViewportSize({ width: 390, height: 844 });
    const box = (await adminPage.getByTestId('heatmap-canvas').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height / box.width).toBeCloseTo(HEATMAP.canvasHeight / HEATMAP.canvasWidth, 2);
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(adminPage, 'heatmap-390');
    await panel.screenshot({ path: 'test-results/heatmap-panel-390.png' });
    expect(await seriousViolations(adminPage)).toEqual([]);

    for (const page of [adminPage, desktop, phone]) await page.context().close();
  }, 90_000);
});
