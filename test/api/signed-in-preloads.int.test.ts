// A signed-in member's page names the signed-in chunks and, on the dashboard, its first reads, so the
// browser fetches them with the entry rather than after it (issue 19, Lighthouse on the dashboard). The
// landing page, with no session, gets index.html exactly as built.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreens } from '../../web/build/first-screens.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const indexHtml = `<!doctype html><html lang="en"><head><title>SkillSwap</title><script type="module" crossorigin src="/assets/index-e1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-r1.js"></head><body><div id="root"></div></body></html>`;

// The shape Vite writes: the entry, the lazy frame and dashboard, their shared chunk, and a page the
// dashboard does not need.
const manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_signed-in-s1.js': { file: 'assets/signed-in-s1.js', imports: ['_react-r1.js', 'index.html'] },
  'src/app/app-layout.tsx': { file: 'assets/app-layout-a1.js', isDynamicEntry: true, imports: ['index.html', '_signed-in-s1.js'] },
  'src/app/dashboard-route.tsx': { file: 'assets/dashboard-route-d1.js', isDynamicEntry: true, imports: ['index.html', '_signed-in-s1.js'] },
  'src/app/dashboard-sidebar.tsx': { file: 'assets/dashboard-sidebar-b1.js', isDynamicEntry: true, imports: ['_signed-in-s1.js'] },
  'src/app/feed-route.tsx': { file: 'assets/feed-route-f1.js', isDynamicEntry: true, imports: ['index.html', '_signed-in-s1.js', '_feed-rules-r1.js'] },
  '_feed-rules-r1.js': { file: 'assets/feed-rules-r1.js' },
  'src/features/booking/routes/booking-page.tsx': { file: 'assets/booking-page-p1.js', isDynamicEntry: true },
};

// What the server added: the links it puts just before </head>.
const added = (html: string) => html.slice(indexHtml.indexOf('</head>'), html.indexOf('</head>'));
const modulePreloads = (html: string) => [...added(html).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const fetchPreloads = (html: string) =>
  [...added(html).matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials">/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('signed-in preloads in index.html', () => {
  let server: TestServer;
  let webDir: string;
  let member: ApiClient;
  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'skillswap-web-'));
    await mkdir(join(webDir, '.vite'), { recursive: true });
    await writeFile(join(webDir, 'index.html'), indexHtml);
    await writeFile(join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    // What the client declares its pages draw first, as the build writes it (web/build/first-screens.ts).
    await writeFile(join(webDir, '.vite', 'first-screens.json'), JSON.stringify(firstScreens));
    server = await startTestServer({ webDistDir: webDir });
    member = await signIn(server.url, 'preload@example.com', 'Preload Member');
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const page = async (path: string, cookie?: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    return response.text();
  };

  it('sends the page as built to a visitor without a session, and with a cookie that names no session', async () => {
    for (const path of ['/', '/dashboard', '/support']) expect(await page(path)).toBe(indexHtml);
    expect(await page('/dashboard', 'skillswap_session=forged')).toBe(indexHtml);
  });

  /** The nav bar's reads, on every signed-in page (web/src/app/app-layout.tsx's firstReads). */
  const frameReads = () => {
    const id = encodeURIComponent(member.memberId);
    return [`/api/users/${id}/balance`, `/api/users/${id}/conversations`, `/api/users/${id}/notifications/unread-count`];
  };

  it("names the dashboard's chunks once each, not those already in the page, and its first reads", async () => {
    const html = await page('/dashboard', member.cookie);
    expect(html.match(/react-r1\.js/g)).toHaveLength(1);
    expect(modulePreloads(html)).toEqual(['/assets/signed-in-s1.js', '/assets/app-layout-a1.js', '/assets/dashboard-route-d1.js', '/assets/dashboard-sidebar-b1.js']);
    const id = encodeURIComponent(member.memberId);
    expect(fetchPreloads(html)).toEqual([
      ...frameReads(),
      '/api/dashboard/counts',
      '/api/dashboard/stats',
      '/api/dashboard/sessions?tab=requested&page=1&limit=5',
      `/api/users/${id}/activity-summary`,
      `/api/users/${id}/sessions`,
    ]);
    expect(html).not.toContain('booking-page');
    // The links go in the head; the rest of the page is unchanged.
    expect(html.replace(/<link rel="(module)?preload"[^>]*>\n/g, '')).toBe(indexHtml);
  });

  it('names only the signed-in frame on another page, and no reads on a dashboard address with a query', async () => {
    const other = await page('/profile', member.cookie);
    expect(modulePreloads(other)).toEqual(['/assets/signed-in-s1.js', '/assets/app-layout-a1.js']);
    expect(fetchPreloads(other)).toEqual(frameReads());
    const highlighted = await page('/dashboard?session=abc', member.cookie);
    expect(modulePreloads(highlighted)).toContain('/assets/dashboard-route-d1.js');
    expect(fetchPreloads(highlighted)).toEqual(frameReads());
  });

  it("names the feed's chunks and its first list read, with or without a post in the address", async () => {
    for (const path of ['/feed', '/feed?post=p1&comment=c1']) {
      const html = await page(path, member.cookie);
      expect(modulePreloads(html)).toEqual(['/assets/signed-in-s1.js', '/assets/app-layout-a1.js', '/assets/feed-rules-r1.js', '/assets/feed-route-f1.js']);
      expect(fetchPreloads(html)).toEqual([...frameReads(), '/api/posts?sort=recent&limit=20']);
      expect(html).not.toContain('dashboard-route');
    }
    expect(await page('/feed')).toBe(indexHtml);
  });
});
