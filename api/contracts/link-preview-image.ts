// A link preview's image as the client loads it, without zod: the feed's cards import this, so the feed's
// first screen does not load and run the contracts' schemas (test/e2e/dashboard-bundle.e2e.test.ts).
/** A preview's image is fetched by the server only up to this size (a cover picture, not a download). */
export const PREVIEW_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Where the client loads a preview's image from: the app itself (GET /api/og/image), which fetches it with
 * the previews' own address rules. The page's policy would block an http image, and a third-party one
 * would learn who reads the feed.
 */
export const previewImageUrl = (image: string) => `/api/og/image?${new URLSearchParams({ url: image })}`;
