// "Sign out everywhere" from the profile menu (issue 19 point 1): the member signed in on two browsers
// ends both sessions from one; the other browser's next request finds itself signed out.
import { describe, expect, it } from 'vitest';
import { startAppAndBrowser } from './support/app-and-browser.js';
import { newPage, screenshot, signInWithHint, uniqueEmail } from './support/browser.js';

describe('sign out everywhere', () => {
  const e2e = startAppAndBrowser();

  it('ends the member’s sessions in every browser from the profile menu', async () => {
    const email = uniqueEmail('everywhere');
    const laptop = await newPage(e2e.browser);
    const phone = await newPage(e2e.browser, { width: 390, height: 844 });
    const errors: string[] = [];
    for (const { page } of [laptop, phone]) page.on('pageerror', (error) => errors.push(error.message));
    await signInWithHint(laptop.page, e2e.server.url, email, '/dashboard');
    await signInWithHint(phone.page, e2e.server.url, email, '/dashboard');
    await phone.page.getByTestId('profile-menu').click();
    await phone.page.getByRole('menuitem', { name: 'Sign out everywhere' }).waitFor();
    await screenshot(phone.page, 'e2e-sign-out-everywhere-menu-390');
    await phone.page.keyboard.press('Escape');

    await laptop.page.getByTestId('profile-menu').click();
    const item = laptop.page.getByRole('menuitem', { name: 'Sign out everywhere' });
    await item.waitFor();
    await screenshot(laptop.page, 'e2e-sign-out-everywhere-menu');
    await item.click();
    await laptop.page.waitForURL((url) => url.pathname === '/');
    await laptop.page.getByTestId('landing-sign-in').waitFor();

    // The other browser still has its cookie, and the server refuses it.
    const status = await phone.page.evaluate(async () => (await fetch('/api/user')).status);
    expect(status).toBe(401);
    await phone.page.reload();
    await phone.page.waitForURL((url) => url.pathname !== '/dashboard');
    expect(new URL(phone.page.url()).pathname).toMatch(/^\/(oidc\/|$)/);
    expect(errors).toEqual([]);
    await laptop.context.close();
    await phone.context.close();
  });
});
