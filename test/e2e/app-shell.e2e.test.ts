// The frame around the pages (issue 19 points 11, 15, 16 and 20): a signed-out visitor goes to the
// sign-in without waiting out retries, the dashboard has one notification bell, public pages have a
// menu on a phone, a page error fails the test that saw it, and the frame says when a read model the
// page reads is catching up (issue 30 point 1).
import { describe, expect, it } from 'vitest';
import { CATCHING_UP_HEADER } from '../../api/contracts/catching-up.js';
import { signIn } from '../support/test-server.js';
import { newPageOnServerClock, openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { seriousViolations } from './support/axe.js';
import { allowBrowserErrors, screenshot, signInWithHint, takePageErrors } from './support/browser.js';

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

  // The header itself comes from a real rebuild in test/api/catching-up.int.test.ts; here the browser sees
  // it added to the real answers, which costs no slow rebuild of a seeded log on the one PGlite connection.
  it("shows 'Catching up' with the progress the answers report, and drops it at the next answer without it", async () => {
    const member = await signIn(e2e.server.url, 'catching-up@example.com', 'Cai Catching');
    const { context, page } = await openAs(e2e, member, '/dashboard', { width: 1280, height: 860 });
    let reported: string | null = 'sessions;done=420;total=1000';
    await page.route('**/api/dashboard/sessions?*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), ...(reported && { [CATCHING_UP_HEADER]: reported }) } });
    });
    await page.reload();
    const line = page.getByTestId('catching-up-text');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Catching up: sessions 42%/);
    expect(await page.getByRole('status').filter({ has: line }).count()).toBe(1);
    await screenshot(page, 'catching-up-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'catching-up-390');
    expect(await seriousViolations(page)).toEqual([]);

    // The frame asks the reporting URL again every 10 s (on the page's clock), so the progress moves.
    reported = 'sessions;done=630;total=1000';
    await page.clock.fastForward(10_000);
    await page.getByText('Catching up: sessions 63%').waitFor();
    // The rebuild is live: the next answer has no header, and the line goes.
    reported = null;
    await page.clock.fastForward(10_000);
    await line.waitFor({ state: 'detached' });
    // Its end refetches the page's reads: one may be in the handler still as the tab closes.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
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
