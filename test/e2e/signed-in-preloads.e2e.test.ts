// The preloads the server names for a signed-in member (api/plugins/signed-in-preloads.ts) are the very
// requests the dashboard makes: a preload the page does not take is a second download, and a read whose
// address drifted from the preloaded one (another page size, say) is a wasted request. So the dashboard,
// opened in the browser, asks each preloaded address once and no other address of the same path. Every
// signed-in page also preloads the nav bar's three reads, which its first load waits for
// (web/src/app/first-load.ts); the components that mount with them do not ask again.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { signInWithHint, uniqueEmail } from './support/browser.js';

const frameRead = /^\/api\/users\/[^/]+\/(balance|conversations|notifications\/unread-count)$/;

/** The page's preloaded addresses, and the reads among them other than the nav bar's and /api/user's. */
const preloadsOf = async (page: Page) => {
  const preloads = await page.$$eval('link[rel="modulepreload"], link[rel="preload"][as="fetch"]', (links) =>
    links.map((link) => new URL((link as HTMLLinkElement).href).pathname + new URL((link as HTMLLinkElement).href).search),
  );
  return { preloads, pageReads: preloads.filter((url) => url.startsWith('/api/') && url !== '/api/user' && !frameRead.test(url)) };
};

/** The nav bar's three reads are preloaded, and each is asked once. */
const expectFrameReadsOnce = (preloads: string[], requested: string[]) => {
  const frame = preloads.filter((url) => frameRead.test(url));
  expect(frame).toHaveLength(3);
  for (const url of frame)
    expect(
      requested.filter((seen) => seen === url),
      `requests of ${url}`,
    ).toEqual([url]);
};

/**
 * Records the name of every loading indicator (role=status) the page draws, from before its first script:
 * the first load waits for the first screen's reads (web/src/app/first-load.ts), so the page is drawn
 * with its data and never shows that screen's own loading state. Nor the router's (its HydrateFallback):
 * React draws nothing until the router's first navigation is done (web/src/app/app.tsx's startApp); drawn
 * before, the router could finish between React's first render and its subscribing, and the page kept
 * that spinner for good.
 */
const recordLoadingIndicators = (page: Page) =>
  page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { loadingSeen: seen });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element)
            for (const element of [node, ...node.querySelectorAll('[role="status"]')])
              // index.html's own spinner comes with the page; React's carry React's fiber.
              if (element.getAttribute('role') === 'status')
                seen.push(`${element.getAttribute('aria-label') ?? ''}${Object.keys(element).some((key) => key.startsWith('__reactFiber')) ? '' : ' (index.html)'}`);
    }).observe(document, { childList: true, subtree: true });
  });
const loadingSeen = (page: Page) => page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen);

describe('signed-in preloads in the browser', () => {
  const e2e = startAppAndBrowser();

  it("are the dashboard's own requests, each made once", async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 390, height: 844 });
    try {
      await signInWithHint(page, e2e.server.url, uniqueEmail('preloads'), '/dashboard');
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
      await recordLoadingIndicators(page);
      await page.goto(`${e2e.server.url}/dashboard`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await loadingSeen(page)).not.toContain('Loading sessions');
      expect(await loadingSeen(page)).not.toContain('Loading...');

      const { preloads, pageReads } = await preloadsOf(page);
      expect(pageReads).toHaveLength(5);
      expectFrameReadsOnce(preloads, requested);
      expect(preloads.some((url) => /\/assets\/dashboard-route-[\w-]+\.js$/.test(url))).toBe(true);
      for (const url of preloads) {
        const path = url.split('?', 1)[0]!;
        expect(
          requested.filter((seen) => seen.split('?', 1)[0] === path),
          `requests of ${path}`,
        ).toEqual(path === '/api/user' ? expect.arrayContaining([url]) : [url]);
      }
    } finally {
      await context.close();
    }
  });

  it("are the feed's own chunks and first list read, the read made once", async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 800 });
    try {
      await signInWithHint(page, e2e.server.url, uniqueEmail('feed-preloads'), '/feed');
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
      await recordLoadingIndicators(page);
      await page.goto(`${e2e.server.url}/feed`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await loadingSeen(page)).not.toContain('Loading posts');
      expect(await loadingSeen(page)).not.toContain('Loading...');

      const { preloads, pageReads } = await preloadsOf(page);
      expect(pageReads).toEqual(['/api/posts?sort=recent&limit=20']);
      expectFrameReadsOnce(preloads, requested);
      const feedChunk = preloads.find((url) => /\/assets\/feed-route-[\w-]+\.js$/.test(url));
      expect(feedChunk).toBeDefined();
      expect(requested.filter((seen) => seen.split('?', 1)[0] === '/api/posts')).toEqual(['/api/posts?sort=recent&limit=20']);
      expect(requested.filter((seen) => seen === feedChunk)).toEqual([feedChunk]);
    } finally {
      await context.close();
    }
  });

  it("are the search page's own chunks and first read, the read made once", async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 390, height: 844 });
    try {
      await signInWithHint(page, e2e.server.url, uniqueEmail('search-preloads'), '/search');
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
      await recordLoadingIndicators(page);
      await page.goto(`${e2e.server.url}/search`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await loadingSeen(page)).not.toContain('Loading skills');
      expect(await loadingSeen(page)).not.toContain('Loading...');

      const { preloads, pageReads } = await preloadsOf(page);
      const firstRead = '/api/skill-search?q=&minRating=0&offset=0';
      expect(pageReads).toEqual([firstRead]);
      expectFrameReadsOnce(preloads, requested);
      const searchChunk = preloads.find((url) => /\/assets\/skill-search-page-[\w-]+\.js$/.test(url));
      expect(searchChunk).toBeDefined();
      expect(requested.filter((seen) => seen.split('?', 1)[0] === '/api/skill-search')).toEqual([firstRead]);
      expect(requested.filter((seen) => seen === searchChunk)).toEqual([searchChunk]);
    } finally {
      await context.close();
    }
  });
});
