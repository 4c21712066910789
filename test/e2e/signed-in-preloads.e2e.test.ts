// The preloads the server names for a signed-in member (api/plugins/signed-in-preloads.ts) are the very
// requests the dashboard makes: a preload the page does not take is a second download, and a read whose
// address drifted from the preloaded one (another page size, say) is a wasted request. So the dashboard,
// opened in the browser, asks each preloaded address once and no other address of the same path.
import { describe, expect, it } from 'vitest';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { signInWithHint, uniqueEmail } from './support/browser.js';

describe('signed-in preloads in the browser', () => {
  const e2e = startAppAndBrowser();

  it("are the dashboard's own requests, each made once", async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 390, height: 844 });
    try {
      await signInWithHint(page, e2e.server.url, uniqueEmail('preloads'), '/dashboard');
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname + new URL(request.url()).search));
      await page.goto(`${e2e.server.url}/dashboard`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');

      const preloads = await page.$$eval('link[rel="modulepreload"], link[rel="preload"][as="fetch"]', (links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname + new URL((link as HTMLLinkElement).href).search),
      );
      const reads = preloads.filter((url) => url.startsWith('/api/') && url !== '/api/user');
      expect(reads).toHaveLength(5);
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
      await page.goto(`${e2e.server.url}/feed`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');

      const preloads = await page.$$eval('link[rel="modulepreload"], link[rel="preload"][as="fetch"]', (links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname + new URL((link as HTMLLinkElement).href).search),
      );
      expect(preloads.filter((url) => url.startsWith('/api/') && url !== '/api/user')).toEqual(['/api/posts?sort=recent&limit=20']);
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
      await page.goto(`${e2e.server.url}/search`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');

      const preloads = await page.$$eval('link[rel="modulepreload"], link[rel="preload"][as="fetch"]', (links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname + new URL((link as HTMLLinkElement).href).search),
      );
      const firstRead = '/api/skill-search?q=&minRating=0&offset=0';
      expect(preloads.filter((url) => url.startsWith('/api/') && url !== '/api/user')).toEqual([firstRead]);
      const searchChunk = preloads.find((url) => /\/assets\/skill-search-page-[\w-]+\.js$/.test(url));
      expect(searchChunk).toBeDefined();
      expect(requested.filter((seen) => seen.split('?', 1)[0] === '/api/skill-search')).toEqual([firstRead]);
      expect(requested.filter((seen) => seen === searchChunk)).toEqual([searchChunk]);
    } finally {
      await context.close();
    }
  });
});
