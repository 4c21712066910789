import { describe, expect, it } from 'vitest';
import { startAppAndBrowser } from './support/app-and-browser.js';
import { newPage, screenshot, submitDevSignInForm, uniqueEmail } from './support/browser.js';

describe('a newcomer', () => {
  const e2e = startAppAndBrowser();

  it('sees the landing page at once, signs in and lands on the app with 3 welcome points', async () => {
    const { page, context } = await newPage(e2e.browser);
    const landing = await page.goto(`${e2e.server.url}/`);
    expect(landing?.status(), 'GET / must serve the client').toBe(200);
    // That a signed-out visitor waits for no retries is app-shell.e2e.test.ts's (counted requests, not time).
    await page.getByRole('heading', { name: /Teach what you know/ }).waitFor();
    await expect(page.getByText('Premium instructor badges').isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-testid=nav-bar]').count()).resolves.toBe(0);

    await page.getByTestId('landing-sign-in').click();
    await submitDevSignInForm(page, { email: uniqueEmail('newcomer'), name: 'Grace Hopper' });

    await page.waitForURL((url) => url.pathname === '/feed');
    const chip = page.getByTestId('points-chip');
    await chip.waitFor();
    await page.waitForFunction(() => /^3\s*pts$/.test(document.querySelector('[data-testid=points-chip]')?.textContent?.trim() ?? ''));
    expect(await chip.textContent()).toMatch(/^3\s*pts$/);
    await page.getByTestId('profile-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Logout' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('menuitem', { name: 'Admin Panel' }).count()).resolves.toBe(0);
    await expect(page.getByText('Grace Hopper').first().isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await screenshot(page, 'e2e-newcomer-signed-in');
    await context.close();
  });
});
