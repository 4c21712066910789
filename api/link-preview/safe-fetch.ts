// Fetches a page for a link preview without letting a member reach the server's own network (SSRF):
// - only http and https, on the allowed ports;
// - the name is resolved by our lookup, which refuses it unless every address is public, and the
//   socket connects to exactly the address that lookup checked (undici's connect.lookup), so a DNS
//   answer that changes between check and connection (rebinding) cannot move it; an address literal
//   never reaches a lookup, so it is checked before any request;
// - redirects are followed by hand, each new address checked the same way, at most MAX_REDIRECTS;
// - one deadline for everything (connect, redirects, headers, body) and at most MAX_BYTES read.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { Agent, request } from 'undici';
import { bareAddress, isAddressLiteral, isPublicAddress } from './address-policy.js';

export const MAX_REDIRECTS = 3;
export const FETCH_TIMEOUT_MS = 3000;
export const MAX_BYTES = 1024 * 1024;

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /** Hosts (names or addresses, lower case, no brackets) fetched whatever their address; none by default. */
  allowHosts: string[];
  ports: number[] | 'any';
  /** Name resolution; default the system's (dns.lookup). Tests give names of their own. */
  resolve?: Resolve;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface FetchedPage {
  url: string;
  contentType: string;
  body: Buffer;
}

class Refused extends Error {
  readonly code = 'ELINKPREVIEWREFUSED';
}

/** Drops a response body unread. undici reports the drop as an 'error' on the body, heard here rather than crashing the process. */
const discard = (body: NodeJS.ReadableStream & { destroy(): void }) => {
  body.on('error', () => {});
  body.destroy();
};

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

export interface SafeFetcher {
  /** The page, or null when it is refused, fails, is no HTML or takes too long. */
  fetchPage(url: string): Promise<FetchedPage | null>;
  /** A preview's image, whole and at most `maxBytes`, or null when refused, failed, no image or larger. */
  fetchImage(url: string, maxBytes: number): Promise<FetchedPage | null>;
  close(): Promise<void>;
}

/** What one kind of fetch accepts: the Accept header, the answer's type, and what to do past the byte limit. */
interface Wanted {
  accept: string;
  contentType: RegExp;
  maxBytes: number;
  /** A page's head is enough (cut at the limit); an image must come whole (refused past it). */
  whole: boolean;
}

export const createSafeFetcher = (options: SafeFetchOptions): SafeFetcher => {
  const resolve: Resolve = options.resolve ?? ((hostname) => dnsLookup(hostname, { all: true, verbatim: true }));
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const allowedHost = (host: string) => options.allowHosts.includes(bareAddress(host).toLowerCase());
  const allowed = (address: string) => isPublicAddress(address);

  // Node's socket asks this for the name's addresses; it answers only checked ones, and those are what it connects to.
  const checkedLookup = (hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0 || !(allowedHost(hostname) || addresses.every((a) => allowed(a.address))))
          return callback(new Refused(`${hostname} resolves to an address that is not public`));
        if (lookupOptions.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error),
    );
  };
  const agent = new Agent({ connect: { lookup: checkedLookup as never, timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, pipelining: 0 });

  /** The URL if it may be fetched at all (scheme, port, a literal's address); null otherwise. */
  const permitted = (text: string): URL | null => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    const port = url.port === '' ? defaultPort(url.protocol) : Number(url.port);
    if (options.ports !== 'any' && !options.ports.includes(port)) return null;
    if (isAddressLiteral(url.hostname) && !allowedHost(url.hostname) && !allowed(bareAddress(url.hostname))) return null;
    return url;
  };

  const fetchWanted = async (start: string, wanted: Wanted): Promise<FetchedPage | null> => {
    const deadline = AbortSignal.timeout(timeoutMs);
    let url = permitted(start);
    for (let hop = 0; url && hop <= MAX_REDIRECTS; hop++) {
      try {
        const response = await request(url, {
          method: 'GET',
          dispatcher: agent,
          signal: deadline,
          headers: { 'user-agent': 'SkillSwap-LinkPreview/1.0', accept: wanted.accept },
        });
        const location = response.headers.location;
        if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
          discard(response.body);
          url = permitted(new URL(location, url).href);
          continue;
        }
        const contentType = String(response.headers['content-type'] ?? '');
        if (response.statusCode !== 200 || !wanted.contentType.test(contentType)) {
          discard(response.body);
          return null;
        }
        response.body.on('error', () => {}); // the iteration below sees errors; an early stop is no error
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          chunks.push(chunk);
          size += chunk.length;
          if (size > wanted.maxBytes && wanted.whole) return null; // leaving the loop destroys the body
          if (size >= wanted.maxBytes && !wanted.whole) break; // nothing past the limit is read
        }
        return { url: url.href, contentType, body: Buffer.concat(chunks).subarray(0, wanted.maxBytes) };
      } catch {
        return null;
      }
    }
    return null;
  };

  return {
    fetchPage: (url) =>
      fetchWanted(url, { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', contentType: /^(text\/html|application\/xhtml\+xml)\b/i, maxBytes, whole: false }),
    fetchImage: (url, imageMaxBytes) =>
      fetchWanted(url, {
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9',
        contentType: /^image\/(jpeg|png|gif|webp)\b/i,
        maxBytes: imageMaxBytes,
        whole: true,
      }),
    // destroy, not close: close would wait for requests a slow server still holds open.
    close: () => agent.destroy(),
  };
};
