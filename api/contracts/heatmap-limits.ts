// The heat map's constants (spec 002 §2, §9), its viewport bands and cell mapping, and its texts, apart
// from the schemas (heatmap.ts) so the client's recorder and the admin panel carry no zod. The cell
// mapping here is the one the rollup computes in SQL (telemetry/raw-tables.ts): the unit test checks
// these functions, the ingest test checks that the rollup agrees with them.

export const HEATMAP = {
  canvasWidth: 1200,
  canvasHeight: 800,
  cellPx: 20,
  /** 1200 / 20 columns across any viewport: x is a fraction of its width. */
  columns: 60,
  /** 800 / 20 rows of document pixels per screenful of the canvas. */
  rows: 40,
  dots: 50,
  topPages: 5,
  /** Raw records read per request (the dots come from them). */
  recordsMax: 1000,
  /** The five intensity steps: below 0.2, 0.4, 0.6, 0.8, and above. */
  steps: [0.2, 0.4, 0.6, 0.8],
  /** Cells deeper than this (40,000 document px) are left out of the answer. */
  rowsMax: 2000,
} as const;

export const INTERACTIONS_LIMITS = {
  pointsPerBatch: 1000,
  flushEveryMs: 5000,
  /** A hover is recorded once the pointer has been still this long. */
  hoverStillMs: 500,
  /** Per sign-in session, or per address when signed out; apart from the page views' own. */
  batchesPerMinute: 30,
  /** Points a tab keeps while the server cannot be reached; the oldest go first. */
  queueMax: 5000,
} as const;

/**
 * Rage clicks: 3 clicks within 1 s, each within 30 px (Manhattan) of the one before (PostHog's rule). The
 * rollup's SQL holds the same numbers (telemetry/tables.ts; no import crosses that boundary).
 */
export const RAGE_CLICKS = { clicks: 3, withinMs: 1000, withinPx: 30 } as const;

export const HEATMAP_WINDOWS = ['1h', '24h', '7d', '30d'] as const;
export type HeatmapWindow = (typeof HEATMAP_WINDOWS)[number];
export const HEATMAP_WINDOW_HOURS: Record<HeatmapWindow, number> = { '1h': 1, '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

/** Viewport bands: a page's points line up only between viewports of one band (DESIGN.md §12). */
export const VIEWPORT_BANDS = ['phone', 'tablet', 'desktop'] as const;
export type ViewportBand = (typeof VIEWPORT_BANDS)[number];
export const BAND_WIDTHS: Record<ViewportBand, { min: number; max: number }> = {
  phone: { min: 1, max: 639 },
  tablet: { min: 640, max: 1023 },
  desktop: { min: 1024, max: 20000 },
};
/** The rollup's band codes (0: < 640, 1: < 1024, 2: < 1440, 3: wider) under each band of the filter. */
export const BAND_CODES: Record<ViewportBand, readonly number[]> = { phone: [0], tablet: [1], desktop: [2, 3] };

export const bandOf = (viewportWidth: number): ViewportBand => (viewportWidth < 640 ? 'phone' : viewportWidth < 1024 ? 'tablet' : 'desktop');

/**
 * The cell of a point: x (a fraction of the width, kept to a ten-thousandth) in whole numbers, so the
 * browser, Node and SQL agree at every cell's edge; y in document pixels.
 */
export const cellOf = (x: number, y: number): { column: number; row: number } => ({
  column: Math.min(Math.floor((Math.round(x * 10_000) * HEATMAP.columns) / 10_000), HEATMAP.columns - 1),
  row: Math.floor(y / HEATMAP.cellPx),
});

/** The colour step (0..4) of an intensity 0..1. */
export const intensityStep = (intensity: number): number => {
  const step = HEATMAP.steps.findIndex((bound) => intensity < bound);
  return step === -1 ? HEATMAP.steps.length : step;
};

export const heatmapTexts = {
  title: 'Heat Map',
  description: 'Where members click, hover and focus, page by page, in one viewport band.',
  empty: 'No interactions in this window',
  emptyHint: 'Clicks, hovers and focus appear here as members use the pages, in the band and window chosen.',
  failed: 'Failed to load the heat map',
  /** Spec 002 §8. */
  fetchFailed: (status: number, text: string) => `Failed to fetch live activity data: ${status} ${text}`,
  interactionsEmpty: 'A batch holds at least one point',
  tooManyPoints: `At most ${INTERACTIONS_LIMITS.pointsPerBatch} points per batch`,
  tooMany: `Too many interaction batches: at most ${INTERACTIONS_LIMITS.batchesPerMinute} a minute`,
  page: "A page is a path starting with / or 'all'",
} as const;

export const bandLabels: Record<ViewportBand, string> = { phone: 'Phone (under 640 px)', tablet: 'Tablet (640-1023 px)', desktop: 'Desktop (1024 px and up)' };
