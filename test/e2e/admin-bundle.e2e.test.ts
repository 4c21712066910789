// The admin client (issue 30 point 4): one code-split chunk behind RequireAdmin that a member's pages never
// load, and its operations page (/admin/operations since the dashboard took /admin), the followers of the
// event log, in its loading, empty, error and filled states at 1280 and 390 px, axe clean.
// Read from the build's manifest and from the requests the browser makes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { initialChunks, readManifest } from '../../web/build/initial-chunks.js';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { allowBrowserErrors, newPage, screenshot, signInWithHint, uniqueEmail } from './support/browser.js';
import { seriousViolations } from './support/axe.js';

const dist = 'web/dist';
const ADMIN = 'ada-bundle@example.com';
const adminPages = /src\/features\/admin\/routes\/admin-pages\.tsx$/;
const adminModule = /src\/features\/admin\//;
const memberPaths = ['/feed', '/dashboard', '/search', '/notifications', '/profile'];
const memberPages = [
  /src\/app\/app-layout\.tsx$/,
  /src\/app\/dashboard-route\.tsx$/,
  /src\/app\/feed-route\.tsx$/,
  /src\/app\/profile-route\.tsx$/,
  /src\/features\/skill-search\/routes\/skill-search-page\.tsx$/,
  /src\/features\/notifications\/routes\/notifications-page\.tsx$/,
];

const sourcesOf = (file: string): string[] => (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] }).sources;
const adminChunk = (): string => {
  const manifest = readManifest(dist);
  const key = Object.keys(manifest).find((k) => adminPages.test(k));
  if (!key) throw new Error('The build has no chunk for the admin pages');
  return manifest[key]!.file;
};

/** Every script the page requests from now on. */
const scriptsOf = (page: Page): string[] => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
};

describe('the admin client', () => {
  const e2e = startAppAndBrowser({ env: { ADMIN_EMAILS: ADMIN } });

  it('is one chunk of its own that no member page loads first', () => {
    const manifest = readManifest(dist);
    const chunk = adminChunk();
    expect(sourcesOf(chunk).some((source) => /followers-table\.tsx$/.test(source))).toBe(true);
    const memberFiles = new Set(memberPages.flatMap((page) => initialChunks(manifest, page)));
    expect([...memberFiles].filter((file) => sourcesOf(file).some((source) => adminModule.test(source)))).toEqual([]);
    // The admin area's modules live in that chunk and nowhere else, but for the audit's pages (issue 33), a
    // chunk of their own that only the admin chunk imports, when an admin first opens one.
    const auditKey = Object.keys(manifest).find((k) => /src\/features\/admin\/routes\/audit-pages\.tsx$/.test(k))!;
    expect(
      Object.values(manifest)
        .filter((c) => [...(c.imports ?? []), ...(c.dynamicImports ?? [])].includes(auditKey))
        .map((c) => c.file),
    ).toEqual([chunk]);
    const elsewhere = Object.values(manifest)
      .filter((c) => c.file.endsWith('.js') && c.file !== chunk && c.file !== manifest[auditKey]!.file)
      .filter((c) => sourcesOf(c.file).some((source) => adminModule.test(source)));
    expect(elsewhere.map((c) => c.file)).toEqual([]);
  });

  it("never loads for a member, not even on the member's way to /admin", async () => {
    const { context, page } = await newPage(e2e.browser);
    const scripts = scriptsOf(page);
    await signInWithHint(page, e2e.server.url, uniqueEmail('member'), '/feed');
    for (const path of memberPaths) {
      await page.goto(`${e2e.server.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${e2e.server.url}/admin`);
    await page.waitForURL((url) => url.pathname === '/feed');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => script.endsWith(adminChunk()))).toEqual([]);
    await context.close();
  });

  it("shows an admin the followers of the log at 1280 and 390 px, with the admin's chunk", async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(e2e.browser, { width, height: width > 500 ? 900 : 844 });
      const scripts = scriptsOf(page);
      await signInWithHint(page, e2e.server.url, ADMIN, '/admin/operations');
      await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
      await page.getByTestId('followers-table').waitFor();
      await expect(page.getByTestId('admin-me').textContent()).resolves.toContain(ADMIN);
      const members = page.locator('[data-follower="members"]');
      await expect(members.getByRole('rowheader').textContent()).resolves.toBe('members');
      await expect(page.getByTestId('followers-summary').textContent()).resolves.toMatch(/^\d+ followers: \d+ live/);
      expect(scripts.some((script) => script.endsWith(adminChunk()))).toBe(true);
      await screenshot(page, `admin-operations-${width}`);
      // The table scrolls inside its region; the page itself never scrolls sideways.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Errors' }).click();
      await page.getByRole('heading', { name: 'Error Monitoring', level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('says when the followers are loading, when there are none and when they could not be read', async () => {
    // The answers below are this test's doing: held back, then empty, then a 500.
    allowBrowserErrors(
      /request failed: GET \S+\/api\/admin\/operations\/followers answered 500$/,
      /console error: Failed to load resource: the server responded with a status of 500 /,
    );
    const { context, page } = await newPageOnServerClock(e2e, { width: 390, height: 844 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let answer: 'held' | 'empty' | 'fail' | 'real' = 'held';
    await page.route('**/api/admin/operations/followers', async (route) => {
      if (answer === 'held') await held;
      if (answer === 'empty' || answer === 'held') return route.fulfill({ status: 200, json: { followers: [] } });
      if (answer === 'fail') return route.fulfill({ status: 500, json: { error: 'Something went wrong' } });
      return route.continue();
    });
    await signInWithHint(page, e2e.server.url, ADMIN, '/admin/operations');
    await page.getByTestId('followers-loading').waitFor();
    await expect(page.getByRole('status').filter({ hasText: 'Loading followers...' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'admin-operations-loading-390');
    release();
    await page.getByRole('heading', { name: 'No followers are running' }).waitFor();
    await screenshot(page, 'admin-operations-empty-390');
    expect(await seriousViolations(page)).toEqual([]);

    answer = 'fail';
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the followers' });
    // Three retries, 2, 4 and 8 s apart, on the page's clock.
    for (let i = 0; i < 6 && !(await alert.isVisible()); i += 1) await page.clock.fastForward(5_000);
    await alert.waitFor();
    await screenshot(page, 'admin-operations-error-390');
    expect(await seriousViolations(page)).toEqual([]);
    answer = 'real';
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('followers-table').waitFor();
    await context.close();
  });
});
