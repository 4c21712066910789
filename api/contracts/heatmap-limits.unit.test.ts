// The heat map's band and cell mapping (issue 32 point 5): bands at 640 and 1024 px, 60 columns across any
// width (so one place of a page is one column at 1280 and at 390 px), 20 px rows of document pixels, every
// cell edge where whole-number arithmetic puts it (the rollup's SQL does the same: test/api/heatmap.int.test.ts),
// and the five intensity steps.
import { describe, expect, it } from 'vitest';
import { BAND_CODES, BAND_WIDTHS, bandOf, cellOf, HEATMAP, intensityStep, VIEWPORT_BANDS } from './heatmap-limits.js';

describe('the heat map mapping', () => {
  it('puts a viewport in its band at the edges', () => {
    expect([1, 390, 639].map(bandOf)).toEqual(['phone', 'phone', 'phone']);
    expect([640, 768, 1023].map(bandOf)).toEqual(['tablet', 'tablet', 'tablet']);
    expect([1024, 1280, 1440, 3840].map(bandOf)).toEqual(['desktop', 'desktop', 'desktop', 'desktop']);
    for (const band of VIEWPORT_BANDS) {
      expect(bandOf(BAND_WIDTHS[band].min)).toBe(band);
      expect(bandOf(BAND_WIDTHS[band].max)).toBe(band);
    }
    // The rollup's codes: 0 below 640, 1 below 1024, 2 below 1440, 3 wider.
    expect(BAND_CODES).toEqual({ phone: [0], tablet: [1], desktop: [2, 3] });
  });

  it('maps x to 60 columns of any width and y to 20 px rows', () => {
    expect(cellOf(0, 0)).toEqual({ column: 0, row: 0 });
    expect(cellOf(1, 19)).toEqual({ column: 59, row: 0 });
    expect(cellOf(0.999_99, 20)).toEqual({ column: 59, row: 1 });
    // Edges: 1/60 is the second column, just below it the first; 0.35 (21/60) is column 21.
    expect(cellOf(1 / 60, 0).column).toBe(1);
    expect(cellOf(0.0166, 0).column).toBe(0);
    expect(cellOf(0.35, 0).column).toBe(21);
    // Each edge at the first ten-thousandth of the width at or past column / 60 (x is kept to ten-thousandths).
    for (let column = 1; column < HEATMAP.columns; column += 1) {
      const edge = Math.ceil((column * 10_000) / HEATMAP.columns);
      expect(cellOf(edge / 10_000, 0).column).toBe(column);
      expect(cellOf((edge - 1) / 10_000, 0).column).toBe(column - 1);
    }
    expect(cellOf(0.5, 12_345).row).toBe(617);
  });

  it('gives one place of a page the same column at 1280 and at 390 px', () => {
    // A centred button at 640 of 1280 px and at 195 of 390 px; a left margin of 5% at either width.
    expect(cellOf(640 / 1280, 300).column).toBe(cellOf(195 / 390, 300).column);
    expect(cellOf(64 / 1280, 300).column).toBe(cellOf(19.5 / 390, 300).column);
  });

  it('has five intensity steps: below 0.2, 0.4, 0.6, 0.8, and above', () => {
    expect([0, 0.19, 0.2, 0.39, 0.4, 0.59, 0.6, 0.79, 0.8, 1].map(intensityStep)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(HEATMAP.canvasWidth / HEATMAP.cellPx).toBe(HEATMAP.columns);
    expect(HEATMAP.canvasHeight / HEATMAP.cellPx).toBe(HEATMAP.rows);
  });
});
