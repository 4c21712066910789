// A signed-in member's page (issue 19, Lighthouse on the dashboard): the entry script alone does not know
// it needs the signed-in frame and the dashboard until it has run, so those chunks, and then the
// dashboard's first reads, used to start one after another. The server knows from the session cookie,
// so for a signed-in request it names them in index.html's head and the browser fetches them alongside
// the entry. The landing page (no session) gets index.html as it is built.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FEED_PAGE_SIZE, feedPaths } from '../contracts/feed-read.js';
import { skillSearchUrl } from '../contracts/skill-search-texts.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The lazy chunks every signed-in page draws first, and those the dashboard adds (web/src/app/router.tsx). */
const signedInFrame = ['src/app/app-layout.tsx'];
const dashboardChunks = ['src/app/dashboard-route.tsx', 'src/app/dashboard-sidebar.tsx'];
const feedChunks = ['src/app/feed-route.tsx'];
const searchChunks = ['src/features/skill-search/routes/skill-search-page.tsx'];

/**
 * The feed's first read, as web/src/features/feed/api/posts-api.ts asks for it with the default filter
 * (newest first, no urgency or category). The same for every member, and whatever the page's query
 * (?post= and ?comment= fetch their post on the side; the list is the same).
 */
const feedReads = [`${feedPaths.posts}?${new URLSearchParams({ sort: 'recent', limit: String(FEED_PAGE_SIZE) })}`];

/** The search page's first read: the first page of results with no filter (the filters start cleared). */
const searchReads = [skillSearchUrl({ q: '', category: '', level: '', minRating: 0 }, 0)];

/**
 * The dashboard's first reads, exactly as the client asks for them with no query in the page's address
 * (web/src/features/dashboard): a preload is only used by a request for the same URL.
 */
const dashboardReads = (memberId: string) => {
  const id = encodeURIComponent(memberId);
  return [
    '/api/dashboard/counts',
    '/api/dashboard/stats',
    '/api/dashboard/sessions?tab=requested&page=1&limit=5',
    `/api/users/${id}/activity-summary`,
    `/api/users/${id}/sessions`,
  ];
};

/** Each key's file and every chunk it imports statically, in load order. */
const closure = (manifest: Manifest, keys: string[]): string[] => {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
  };
  keys.forEach(visit);
  return files;
};

export interface SignedInPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

// Brotli's quality 5, not its default 11: the page carries the inlined stylesheet (~50 kB,
// web/build/first-paint.ts) and is built on a member's first dashboard request, where quality 11 cost
// ~100 ms of the server's CPU and quality 5 costs ~2 ms for a tenth more bytes (9.4 against 8.4 kB).
const build = (html: string, links: string[]): SignedInPage => {
  const page = html.replace('</head>', `${links.join('\n')}\n</head>`);
  return { html: page, br: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), gzip: gzipSync(page) };
};

const moduleLinks = (files: string[]) => files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
// credentials and mode as web/src/lib/http.ts's fetch sends them, or the browser fetches twice.
const fetchLinks = (urls: string[]) => urls.map((url) => `<link rel="preload" href="${url.replaceAll('&', '&amp;')}" as="fetch" crossorigin="use-credentials">`);

/**
 * Reads the built manifest once, at start-up. Returns the page to send a signed-in member for a path
 * (the dashboard's, the feed's and the search page's with their reads, any other with the signed-in frame), or null when the client was
 * built without a manifest (then index.html goes out as it is).
 */
export const loadSignedInPages = (distDir: string) => {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  // The entry and what it imports are in index.html already.
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inPage = new Set(closure(manifest, entryKeys));
  const frameFiles = closure(manifest, signedInFrame).filter((file) => !inPage.has(file));
  const dashboardFiles = closure(manifest, [...signedInFrame, ...dashboardChunks]).filter((file) => !inPage.has(file));
  const other = build(html, moduleLinks(frameFiles));
  const dashboardScripts = build(html, moduleLinks(dashboardFiles));
  const feedFiles = closure(manifest, [...signedInFrame, ...feedChunks]).filter((file) => !inPage.has(file));
  const feed = build(html, [...moduleLinks(feedFiles), ...fetchLinks(feedReads)]);
  const searchFiles = closure(manifest, [...signedInFrame, ...searchChunks]).filter((file) => !inPage.has(file));
  const searchPage = build(html, [...moduleLinks(searchFiles), ...fetchLinks(searchReads)]);
  const dashboards = new Map<string, SignedInPage>();
  return (path: string, search: string, memberId: string): SignedInPage => {
    if (path === '/feed' || path === '/feed/') return feed;
    if (path === '/search' || path === '/search/') return searchPage;
    if (path !== '/dashboard' && path !== '/dashboard/') return other;
    // A query (a session to highlight) changes the first list read; the scripts are the same.
    if (search) return dashboardScripts;
    let page = dashboards.get(memberId);
    if (!page) {
      page = build(html, [...moduleLinks(dashboardFiles), ...fetchLinks(dashboardReads(memberId))]);
      // Bounded: a page per member who opened the dashboard since start-up, oldest dropped first.
      if (dashboards.size >= 1000) dashboards.delete(dashboards.keys().next().value!);
      dashboards.set(memberId, page);
    }
    return page;
  };
};
