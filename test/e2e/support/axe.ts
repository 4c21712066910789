// axe for the e2e tier: the serious and critical violations on a page (or inside one element of it),
// one line each, read once the page's animations (dialog zoom-in, toasts) have ended, or axe reads
// colours halfway through a fade.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const seriousViolations = async (page: Page, within?: string): Promise<string[]> => {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page: page as never });
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
