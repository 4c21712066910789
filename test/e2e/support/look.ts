// What each admin page's e2e does at every screen it reaches: a picture at both widths of the acceptance, a
// check that nothing scrolls sideways, and axe's serious violations, gathered so one test reports them all.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { A11Y_WIDTHS, seriousViolations } from './axe.js';
import { screenshot } from './browser.js';

/** A desktop's viewport at 900 px high, a phone's at 844. */
export const viewportOf = (width: number) => ({ width, height: width > 500 ? 900 : 844 });

/**
 * Pictures the page at both widths (test-results/<picture>-<width>.png), checks softly that it does not scroll
 * sideways, and adds axe's serious violations at each width to `found` under `<name> at <width>`; the page is
 * left at 1280.
 */
export const lookAtBothWidths = async (page: Page, picture: string, name: string, found: Record<string, string[]>): Promise<void> => {
  for (const width of A11Y_WIDTHS) {
    await page.setViewportSize(viewportOf(width));
    await screenshot(page, `${picture}-${width}`);
    await expect
      .soft(
        page.evaluate(() => document.documentElement.scrollWidth),
        `${name} at ${width} px scrolls sideways`,
      )
      .resolves.toBeLessThanOrEqual(width);
    found[`${name} at ${width}`] = await seriousViolations(page);
  }
  await page.setViewportSize(viewportOf(1280));
};
