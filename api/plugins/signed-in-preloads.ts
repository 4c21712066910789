// A signed-in member's page (issue 19, Lighthouse on the dashboard): the entry script alone does not know
// it needs the signed-in frame and the dashboard until it has run, so those chunks, and then the
// dashboard's first reads, used to start one after another. The server knows from the session cookie,
// so for a signed-in request it names them in index.html's head and the browser fetches them alongside
// the entry. The landing page (no session) gets index.html as it is built.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FEED_PAGE_SIZE, feedPaths } from '../contracts/feed-read.js';
import { messagingPaths } from '../contracts/messaging-limits.js';
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

/**
 * The nav bar's reads on every signed-in page (web/src/app/app-layout.tsx's firstReads): the balance, the
 * conversations (unread messages) and the unread notifications. The client's first load waits for them
 * (web/src/app/first-load.ts), so they start with the page rather than after the entry has run.
 */
const frameReads = (memberId: string) => {
  const id = encodeURIComponent(memberId);
  return [`/api/users/${id}/balance`, messagingPaths.memberConversations(memberId), `/api/users/${id}/notifications/unread-count`];
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
  const feedFiles = closure(manifest, [...signedInFrame, ...feedChunks]).filter((file) => !inPage.has(file));
  const searchFiles = closure(manifest, [...signedInFrame, ...searchChunks]).filter((file) => !inPage.has(file));
  // What a path needs: its chunks, and the reads that are the same for every member.
  const kindOf = (path: string, search: string) => {
    if (path === '/feed' || path === '/feed/') return { key: 'feed', files: feedFiles, reads: () => feedReads };
    if (path === '/search' || path === '/search/') return { key: 'search', files: searchFiles, reads: () => searchReads };
    // A query (a session to highlight) changes the dashboard's first list read; the scripts are the same.
    if (path === '/dashboard' || path === '/dashboard/')
      return search ? { key: 'dashboard?', files: dashboardFiles, reads: () => [] } : { key: 'dashboard', files: dashboardFiles, reads: dashboardReads };
    return { key: 'other', files: frameFiles, reads: () => [] };
  };
  // The reads name the member, so the pages are kept per member and kind of page.
  const pages = new Map<string, SignedInPage>();
  return (path: string, search: string, memberId: string): SignedInPage => {
    const kind = kindOf(path, search);
    const key = `${kind.key} ${memberId}`;
    let page = pages.get(key);
    if (!page) {
      page = build(html, [...moduleLinks(kind.files), ...fetchLinks([...frameReads(memberId), ...kind.reads(memberId)])]);
      // Bounded: the pages opened since start-up, oldest dropped first (about 12 kB each).
      if (pages.size >= 2000) pages.delete(pages.keys().next().value!);
      pages.set(key, page);
    }
    return page;
  };
};
