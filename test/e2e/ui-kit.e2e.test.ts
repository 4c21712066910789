// The web kit's table and charts in a real browser (issue 30 point 6): the real components, bundled with
// esbuild into one page with the app's built stylesheet. The dashboard's lists, drawn by the same table,
// are covered by dashboard-states, session-journey and the other dashboard e2e files.
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, prepareClient, screenshot, takePageErrors } from './support/browser.js';
import { seriousViolations } from './support/axe.js';

let browser: Browser;
let script = '';
let css = '';

beforeAll(async () => {
  prepareClient();
  // The client builds one stylesheet (decision 204); without it the virtual window has no height to scroll.
  const stylesheets = readdirSync('web/dist/assets').filter((file) => file.endsWith('.css'));
  if (stylesheets.length !== 1) throw new Error(`expected the client's one stylesheet in web/dist/assets, found ${stylesheets.length}`);
  css = readFileSync(join('web/dist/assets', stylesheets[0]!), 'utf8');
  const bundled = await build({
    entryPoints: ['test/e2e/support/ui-kit-page.tsx'],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@': './web/src' },
    logLevel: 'silent',
  });
  script = bundled.outputFiles[0]!.text;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const open = async (part: 'table' | 'charts', width: number): Promise<Page> => {
  const { page } = await newPage(browser, { width, height: 844 });
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Kit</title><style>${css}</style></head><body data-part="${part}"><div id="root"></div></body></html>`,
  );
  await page.addScriptTag({ content: script });
  return page;
};

const rowIds = (page: Page) => page.locator('tbody tr[data-row-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')));

describe('the table in a browser', () => {
  it('draws a window of 2,000 rows, scrolls through them and asks for the next keyset page near the end', async () => {
    const page = await open('table', 1280);
    const table = page.getByRole('table', { name: 'Events' });
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe('2001');
    const first = await rowIds(page);
    expect(first[0]).toBe('e1');
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(40);

    const region = page.getByRole('region', { name: 'Events' });
    await region.evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    // Half the height is about row 1,000: rows are measured as they are drawn, so the window lands near it,
    // not on it. The window moved there and is still a window.
    const middle = async () => (await rowIds(page)).map((id) => Number(id!.slice(1)));
    await expect.poll(async () => (await middle()).some((n) => n >= 800 && n <= 1200), { timeout: 5_000 }).toBe(true);
    expect((await middle()).every((n) => n >= 700 && n <= 1300)).toBe(true);
    expect((await rowIds(page)).length).toBeLessThan(40);

    await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.loadMoreCursors)).toEqual([2000]);
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe('2501');
    await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.loadMoreCursors)).toEqual([2000, 2500]);
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe('3001');
    // No more pages: the last row is the last loaded, with neither a button nor another request.
    await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(async () => (await rowIds(page)).at(-1)).toBe('e3000');
    expect(await page.getByTestId('load-more').count()).toBe(0);
    expect(await page.evaluate(() => window.loadMoreCursors)).toEqual([2000, 2500]);
    await screenshot(page, 'ui-table-end-1280');
    expect(takePageErrors()).toEqual([]);
  });

  it('sorts by a column from the keyboard, and says the order to a screen reader', async () => {
    const page = await open('table', 1280);
    const header = page.getByRole('columnheader', { name: 'Points' });
    await expect(header.getAttribute('aria-sort')).resolves.toBe('none');
    await header.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    const ascending = await page.locator('tbody tr[data-row-id] td:nth-child(3)').allTextContents();
    expect(ascending.map(Number)).toEqual([...ascending.map(Number)].sort((a, b) => a - b));
    expect(Number(ascending[0])).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const descending = (await page.locator('tbody tr[data-row-id] td:nth-child(3)').allTextContents()).map(Number);
    expect(descending[0]).toBe(999);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(takePageErrors()).toEqual([]);
  });

  it('filters the rows as the filter is typed, and shows the empty state when none match', async () => {
    const page = await open('table', 1280);
    await page.getByTestId('filter').fill('PointsHeld');
    const table = page.getByRole('table', { name: 'Events' });
    // Positions 1, 5, 9, ... of 2,000 are PointsHeld.
    await expect.poll(() => table.getAttribute('aria-rowcount')).toBe('501');
    const types = await page.locator('tbody tr[data-row-id] td:nth-child(2)').allTextContents();
    expect(new Set(types)).toEqual(new Set(['PointsHeld']));
    await page.getByTestId('filter').fill('PointsHeld 1997');
    await expect.poll(() => rowIds(page)).toEqual(['e1997']);
    await page.getByTestId('filter').fill('nothing like it');
    await expect(page.getByText('No events match').isVisible()).resolves.toBe(true);
    expect(takePageErrors()).toEqual([]);
  });

  it('has no serious accessibility violation', async () => {
    const page = await open('table', 1280);
    await page.getByRole('table', { name: 'Events' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the charts in a browser', () => {
  it.each([390, 1280])('draw a funnel, bars and lines at %i px, within the width, with their numbers for a screen reader', async (width) => {
    const page = await open('charts', width);
    const figures = page.getByRole('figure');
    await expect.poll(() => figures.count()).toBe(3);
    for (const name of ['Session conversion', 'Sign-ups', 'Traffic']) await expect(page.getByRole('figure', { name }).isVisible()).resolves.toBe(true);
    await expect.poll(() => page.locator('figure .recharts-wrapper > svg.recharts-surface').count()).toBe(3);
    const widths = await page.locator('figure .recharts-wrapper > svg.recharts-surface').evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().width));
    for (const w of widths) {
      expect(w).toBeGreaterThan(width / 2);
      expect(w).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The funnel's numbers, as a screen reader reads them.
    const funnel = page.getByRole('table', { name: 'Session conversion' });
    await expect(funnel.getByRole('row', { name: 'Profile ready 120 60%' }).count()).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `ui-charts-${width}`);
    expect(takePageErrors()).toEqual([]);
  });
});
