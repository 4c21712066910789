// Reads a page's preview from its <head>: Open Graph (og:*) first, then Twitter cards (twitter:*),
// then the plain <title> and description. A small tolerant scanner rather than an HTML parser: it
// only needs <meta> attributes and the title, it never builds a document, and the text it returns is
// plain (entities decoded, tags gone), to be rendered as text by the client.
import { LINK_PREVIEW_LIMITS, type LinkPreview } from '../contracts/link-preview.js';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x') || /^#\d/.test(lower)) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[lower] ?? whole;
  });

/** Collapsed whitespace, no control characters or NULs, cut to `max` characters. */
const clean = (value: string | undefined, max: number): string | null => {
  if (value === undefined) return null;
  const text = decodeEntities(value)
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text.slice(0, max);
};

const attributesOf = (tag: string): Record<string, string> => {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attributes)) attributes[name] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
};

/** An absolute http(s) address for `value` relative to the page, without its fragment; else null. */
const absoluteUrl = (value: string | undefined, base: string): string | null => {
  if (!value) return null;
  try {
    const url = new URL(decodeEntities(value.trim()), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href.length <= LINK_PREVIEW_LIMITS.url ? url.href : null;
  } catch {
    return null;
  }
};

export const providerOf = (pageUrl: string): string => new URL(pageUrl).hostname.replace(/^www\./, '');

/** The preview of an HTML page fetched from `pageUrl`. */
export const parseMeta = (html: string, pageUrl: string): LinkPreview => {
  // Everything a preview needs sits in the head; scripts and comments may hold look-alike tags.
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = (headEnd === -1 ? html : html.slice(0, headEnd)).replace(/<!--[\s\S]*?-->/g, '').replace(/<script\b[\s\S]*?<\/script\s*>/gi, '');
  const meta: Record<string, string> = {};
  for (const match of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(match[0]);
    const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
    if (key && attributes.content !== undefined && !(key in meta)) meta[key] = attributes.content;
  }
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head)?.[1];
  return {
    url: pageUrl,
    title: clean(meta['og:title'] ?? meta['twitter:title'] ?? title, LINK_PREVIEW_LIMITS.title),
    description: clean(meta['og:description'] ?? meta['twitter:description'] ?? meta.description, LINK_PREVIEW_LIMITS.description),
    image: absoluteUrl(meta['og:image:secure_url'] ?? meta['og:image'] ?? meta['og:image:url'] ?? meta['twitter:image'] ?? meta['twitter:image:src'], pageUrl),
    provider: clean(meta['og:site_name'], LINK_PREVIEW_LIMITS.provider) ?? providerOf(pageUrl),
  };
};
