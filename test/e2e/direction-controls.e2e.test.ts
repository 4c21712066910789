// Direction controls in what members write (issue 29 item 5, decision 187): a post and a live
// comment holding a right-to-left override or isolate are shown without it, as their characters read
// on their own, so "fdp.exe" cannot pass for "exe.pdf" and the page's own words keep their order.
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { screenshotDir, submitDevSignInForm } from './support/browser.js';

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

describe('direction controls in members’ text', () => {
  const e2e = startAppAndBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  const signUp = async (name: string): Promise<Page> => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 900 }, `browser ${name}`);
    contexts.push(context);
    await page.goto(`${e2e.server.url}/feed`);
    await submitDevSignInForm(page, { email: `${name.toLowerCase()}-${Date.now()}@example.com`, name });
    await page.waitForURL((url) => url.pathname === '/feed');
    return page;
  };
  const send = (page: Page, path: string, body: unknown) =>
    page.evaluate(
      async ({ path, body }) => {
        const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return (await response.json()) as { post?: { id: string } };
      },
      { path, body },
    );

  it('shows a post and a live comment without their overrides and isolates', async () => {
    const mallory = await signUp('Mallory');
    const created = await send(mallory, '/api/feed-posts', { content: 'Invoice for you \u202Efdp.exe', category: 'development', urgency: 'low' });
    const postId = created.post!.id;

    const grace = await signUp('Grace');
    const card = grace.locator(`[data-testid=post-card][data-post-id="${postId}"]`);
    await card.getByText('Invoice for you fdp.exe', { exact: true }).waitFor();

    // The comment reaches Grace's open comments over the websocket.
    await card.getByTestId('toggle-comments').click();
    await card.getByTestId('comments').waitFor();
    await expect.poll(() => card.getByLabel('Loading comments').count()).toBe(0);
    await send(mallory, '/api/comments', { post_id: postId, content: 'Trust me \u2067nimda\u2069 said so' });
    await card.getByText('Trust me nimda said so', { exact: true }).waitFor();
    expect(await grace.evaluate(() => document.body.innerText)).not.toMatch(CONTROLS);

    mkdirSync(screenshotDir, { recursive: true });
    await grace.screenshot({ path: `${screenshotDir}/feed-direction-controls-1280.png` });
    await grace.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await grace.screenshot({ path: `${screenshotDir}/feed-direction-controls-390.png` });
  });
});
