// Link previews (issue 20 point 6): fetched safely (safe-fetch.ts), parsed (parse-meta.ts) and kept
// in memory: an LRU of previews, an hour for a page that gave one and five minutes for a failure (a
// page that was down is tried again soon). Concurrent asks for one page share one fetch. The cache is
// per process: previews are cheap to fetch again, and a table would only add writes to every read.
import { emptyLinkPreview, PREVIEW_IMAGE_MAX_BYTES, type LinkPreview } from '../contracts/link-preview.js';
import { mediaContentTypeOf, type MediaContentType } from '../contracts/media.js';
import { contentMatches } from '../media/sniff.js';
import { parseMeta } from './parse-meta.js';
import { createSafeFetcher, type FetchedPage, type SafeFetchOptions } from './safe-fetch.js';

export const PREVIEW_TTL_MS = 60 * 60_000;
export const FAILURE_TTL_MS = 5 * 60_000;
export const MAX_CACHED = 1000;

export interface PreviewImage {
  contentType: MediaContentType;
  body: Buffer;
}

export interface LinkPreviewer {
  preview(url: string): Promise<LinkPreview>;
  /** A preview's image fetched by the same rules, whole and within its limit, and an image by its bytes too; else null. */
  image(url: string): Promise<PreviewImage | null>;
  close(): Promise<void>;
}

/** The page's text in the charset its header or <meta charset> names, UTF-8 when unknown. */
const decode = (page: FetchedPage): string => {
  const named = /charset=["']?([\w-]+)/i.exec(page.contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(page.body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(named ?? 'utf-8').decode(page.body);
  } catch {
    return new TextDecoder('utf-8').decode(page.body);
  }
};

/** The cache's key: the address without its fragment (which never reaches the server). */
const keyOf = (url: string) => {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
};

export const createLinkPreviewer = (options: SafeFetchOptions & { now?: () => number }): LinkPreviewer => {
  const fetcher = createSafeFetcher(options);
  const now = options.now ?? Date.now;
  const cache = new Map<string, { preview: LinkPreview; expiresAt: number }>();
  const inFlight = new Map<string, Promise<LinkPreview>>();

  const load = async (key: string): Promise<LinkPreview> => {
    const page = await fetcher.fetchPage(key);
    const preview = page ? parseMeta(decode(page), page.url) : emptyLinkPreview(key);
    const found = preview.title !== null || preview.description !== null || preview.image !== null;
    cache.set(key, { preview, expiresAt: now() + (found ? PREVIEW_TTL_MS : FAILURE_TTL_MS) });
    // Map keeps insertion order: the first keys are the least recently used.
    while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
    return preview;
  };

  return {
    async preview(url) {
      const key = keyOf(url);
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now()) {
        cache.delete(key);
        cache.set(key, hit);
        return hit.preview;
      }
      cache.delete(key);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = load(key).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    async image(url) {
      const fetched = await fetcher.fetchImage(url, PREVIEW_IMAGE_MAX_BYTES);
      const type = fetched ? mediaContentTypeOf(fetched.contentType) : null;
      // The bytes must be the type the header says (never HTML or script served as a picture).
      if (!fetched || !type || !contentMatches(type, fetched.body)) return null;
      return { contentType: type, body: fetched.body };
    },
    close: () => fetcher.close(),
  };
};
