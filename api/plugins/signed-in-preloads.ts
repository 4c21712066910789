// A signed-in member's page (issue 19, Lighthouse on the dashboard): the entry script alone does not know
// it needs the signed-in frame and the dashboard until it has run, so those chunks, and then the
// dashboard's first reads, used to start one after another. The server knows from the session cookie,
// so for a signed-in request it names them in index.html's head and the browser fetches them alongside
// the entry. The landing page (no session) gets index.html as it is built.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What each signed-in page draws first, as the client declares it (web/build/first-screens.ts, written by
 * the build beside Vite's manifest): its lazy modules and its first reads, `__member__` standing for the
 * member's id. The server knows no client file and no feature's read by name.
 */
interface FirstScreens {
  frame: { modules: string[]; reads: string[] };
  pages: { paths: string[]; modules: string[]; reads: string[]; readsWithQuery?: 'none' }[];
}
const MEMBER = '__member__';

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
 * Reads the built manifest and the first screens once, at start-up. Returns the page to send a signed-in
 * member for a path (a declared page's with its chunks and reads, any other with the signed-in frame's), or
 * null when the client was built without them (then index.html goes out as it is).
 */
export const loadSignedInPages = (distDir: string) => {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const screensPath = join(distDir, '.vite', 'first-screens.json');
  if (!existsSync(manifestPath) || !existsSync(screensPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const screens = JSON.parse(readFileSync(screensPath, 'utf8')) as FirstScreens;
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  // The entry and what it imports are in index.html already.
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const inPage = new Set(closure(manifest, entryKeys));
  const filesOf = (modules: string[]) => closure(manifest, [...screens.frame.modules, ...modules]).filter((file) => !inPage.has(file));
  const readsOf = (reads: string[]) => (memberId: string) => reads.map((read) => read.replaceAll(MEMBER, encodeURIComponent(memberId)));
  const frame = { key: 'other', files: filesOf([]), reads: readsOf([]) };
  const kinds = new Map<string, { key: string; files: string[]; reads: (memberId: string) => string[]; readsWithQuery?: 'none' }>();
  for (const [i, page] of screens.pages.entries()) {
    const kind = { key: `page${i}`, files: filesOf(page.modules), reads: readsOf(page.reads), ...(page.readsWithQuery && { readsWithQuery: page.readsWithQuery }) };
    for (const path of page.paths) kinds.set(path, kind);
  }
  const frameReads = readsOf(screens.frame.reads);
  // What a path needs: its chunks, and its first reads; a query that changes them (readsWithQuery) drops them.
  const kindOf = (path: string, search: string) => {
    const kind = kinds.get(path.length > 1 ? path.replace(/\/$/, '') : path);
    if (!kind) return frame;
    return search && kind.readsWithQuery === 'none' ? { key: `${kind.key}?`, files: kind.files, reads: readsOf([]) } : kind;
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
