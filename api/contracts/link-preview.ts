// GET /api/og?url= (spec 001 §7): the title, description, image and provider of a page, fetched by the
// server. The spec's client ignores failures silently, so every failure (refused address, timeout,
// not HTML, nothing found) answers 200 with an empty preview (nulls) and only a url that is no http(s)
// address is a 400. The same answer for every failure also keeps the route from telling which
// addresses of the server's network exist.
import { z } from 'zod';

/** The preview's fields are cut to these (the feed's link attachment keeps the same limits). */
export const LINK_PREVIEW_LIMITS = { url: 2000, title: 300, description: 1000, provider: 200 } as const;

export const linkPreviewTexts = {
  urlInvalid: 'Please give the address of a web page (http or https)',
  imageNotFound: 'No preview image at this address',
} as const;

export { PREVIEW_IMAGE_MAX_BYTES, previewImageUrl } from './link-preview-image.js';

export const linkPreviewQuerySchema = z.object({
  url: z
    .string({ message: linkPreviewTexts.urlInvalid })
    .trim()
    .max(LINK_PREVIEW_LIMITS.url, linkPreviewTexts.urlInvalid)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, linkPreviewTexts.urlInvalid),
});

export const linkPreviewSchema = z.object({
  /** The page the preview was read from (after redirects), or the asked url when nothing was read. */
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  provider: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** A preview with nothing in it: what every failure answers. */
export const emptyLinkPreview = (url: string): LinkPreview => ({ url, title: null, description: null, image: null, provider: null });
