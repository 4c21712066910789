// axe for the e2e tier: the serious and critical violations on a page (or inside one element of it),
// one line each, read once the page's animations (dialog zoom-in, toasts) have ended, or axe reads
// colours halfway through a fade.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * An axe run on the page as it is now, every rule unless narrowed. Legacy mode runs axe.run in the page
 * itself: the default (runPartial per frame, then finishRun in a blank page opened for it) opens, loads
 * and closes a second page per scan, for cross-origin iframes, which the app has none of. Only the
 * violations are reported in full (passes and the rest are what axe spends its time serialising); which
 * violations are found does not change. Measured on the mentor's dashboard: 4.0-9.2 s a scan before,
 * 2.7-3.1 s after, on a loaded machine (decision 246).
 */
export const axeOn = (page: Page): AxeBuilder => new AxeBuilder({ page: page as never }).setLegacyMode().options({ resultTypes: ['violations'] });

export const seriousViolations = async (page: Page, within?: string): Promise<string[]> => {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const builder = axeOn(page);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`));
};

/** Every screen is checked at both widths of the acceptance. */
export const A11Y_WIDTHS = [1280, 390] as const;

/** An open dialog, to check only what it holds. */
export const DIALOG = '[role=dialog], [role=alertdialog]';

/** Each screen a test checked found nothing: the failure names the screens and their violations. */
export const expectNothingFound = (found: Record<string, string[]>): void => {
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
};
