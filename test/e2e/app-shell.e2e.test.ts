// The frame around the pages (issue 19 points 11, 15, 16 and 20): a signed-out visitor goes to the
// sign-in without waiting out retries, the dashboard has one notification bell, public pages have a
// menu on a phone, and a page error fails the test that saw it.
import { describe, expect, it } from 'vitest';
import { signIn } from '../support/test-server.js';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { allowBrowserErrors, signInWithHint, takePageErrors } from './support/browser.js';

describe('the app shell', () => {
  const e2e = startAppAndBrowser();

  it('sends a signed-out visitor to the sign-in after one look at /api/user, not after its retries', async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 860 });
    const userCalls: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/api/user' && userCalls.push(`${request.url()} from ${request.frame().url()}`));
    await page.goto(`${e2e.server.url}/dashboard`);
    // The development provider's form: the redirect went through /api/login.
    await page.waitForSelector('#email');
    expect(new URL(page.url()).pathname).not.toBe('/dashboard');
    // Retrying the 401 (three more calls, a second apart) is what held visitors 3-5 s on a spinner.
    expect(userCalls, userCalls.join('\n')).toHaveLength(1);
    await context.close();
  });

  it('shows one notification bell on the dashboard, the one in the nav bar', async () => {
    const member = await signIn(e2e.server.url, 'bell@example.com', 'Bea Bell');
    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 860 });
    await signInWithHint(page, e2e.server.url, member.email, '/dashboard');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.getByTestId('activity-summary').waitFor();
    await expect(page.getByTestId('notification-bell').count()).resolves.toBe(1);
    await expect(page.getByTestId('nav-bar').getByTestId('notification-bell').count()).resolves.toBe(1);
    await context.close();
  });

  it('gives the public pages a menu on a 390 px phone', async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/`);
    const button = page.getByRole('button', { name: 'Menu' });
    await button.waitFor();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await button.click();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByTestId('public-menu').getByRole('link', { name: 'Community' }).click();
    await page.waitForURL((url) => url.pathname === '/community');
    // Following a link closes the menu.
    await page.getByTestId('public-menu').waitFor({ state: 'detached' });
    await context.close();
  });

  it('collects an uncaught error in the page, which fails the running test', async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 860 }, 'probe');
    await page.goto(`${e2e.server.url}/`);
    // An event handler that throws: the browser reports it as uncaught, as it would a bug in a component.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.addEventListener('click', () => {
        throw new Error('a bug in the client');
      });
      document.body.append(button);
      button.click();
    });
    await expect.poll(() => takePageErrors().join('\n'), { timeout: 5_000 }).toMatch(/a bug in the client/);
    await context.close();
  });

  it('collects a console error and a failed request, which fail the running test, unless the test allows them', async () => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 860 }, 'probe');
    await page.goto(`${e2e.server.url}/`);
    // Chromium also logs the refused connection as a console error; only the request's own entry is looked for.
    allowBrowserErrors(/console error: Failed to load resource: net::ERR_CONNECTION_REFUSED/);
    await Promise.all([page.waitForEvent('console', (m) => m.type() === 'error'), page.evaluate(() => console.error('a complaint in the console'))]);
    await page.route('**/api/probe-refused', (route) => route.abort('connectionrefused'));
    await Promise.all([page.waitForEvent('requestfailed'), page.evaluate(() => fetch('/api/probe-refused').catch(() => {}))]);
    const seen = takePageErrors().join('\n');
    expect(seen).toMatch(/\[probe\] console error: a complaint in the console/);
    expect(seen).toMatch(/\[probe\] request failed: GET http:\/\/[^ ]+\/api\/probe-refused net::ERR_CONNECTION_REFUSED/);

    allowBrowserErrors(/console error: an expected complaint/, /request failed: GET \S+\/api\/probe-refused /, /Failed to load resource/);
    await Promise.all([page.waitForEvent('console', (m) => m.type() === 'error'), page.evaluate(() => console.error('an expected complaint'))]);
    await Promise.all([page.waitForEvent('requestfailed'), page.evaluate(() => fetch('/api/probe-refused').catch(() => {}))]);
    expect(takePageErrors()).toEqual([]);
    await context.close();
  });
});
