// Decision 54: a member's points are a balance, so their profile's "Points" stat shows on their own profile
// only; another member sees rating, reviews and completed swaps. At 1280 and 390 px.
import { describe, expect, it } from 'vitest';
import { startAppAndBrowser } from './support/app-and-browser.js';
import { newPage, screenshot, signInWithHint, submitDevSignInForm, uniqueEmail } from './support/browser.js';

describe("a member's points on profiles", () => {
  const e2e = startAppAndBrowser();

  it.each([
    { width: 1280, height: 860, name: 'desktop' },
    { width: 390, height: 844, name: 'mobile' },
  ])('show on the own profile and not on anyone else’s ($name)', async ({ width, height, name }) => {
    const owner = await newPage(e2e.browser, { width, height });
    await owner.page.goto(`${e2e.server.url}/profile`);
    await submitDevSignInForm(owner.page, { email: uniqueEmail('owner'), name: 'Ada Owner' });
    await owner.page.waitForURL((url) => url.pathname === '/profile');
    await owner.page.getByTestId('profile-name').waitFor();
    const ownerId = await owner.page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { id: string }).id);
    await expect(owner.page.getByText('Points', { exact: true }).isVisible()).resolves.toBe(true);
    await screenshot(owner.page, `e2e-profile-points-own-${name}`);

    const visitor = await newPage(e2e.browser, { width, height });
    await signInWithHint(visitor.page, e2e.server.url, uniqueEmail('visitor'), `/profile/${ownerId}`);
    await visitor.page.getByTestId('profile-name').filter({ hasText: 'Ada Owner' }).waitFor();
    await expect(visitor.page.getByText('Completed swaps', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(visitor.page.getByText('Points', { exact: true }).count()).resolves.toBe(0);
    await screenshot(visitor.page, `e2e-profile-points-other-${name}`);
    await owner.context.close();
    await visitor.context.close();
  });
});
