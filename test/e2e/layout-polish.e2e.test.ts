// Issue 29 items 11, 14 and 15 in the browser: nothing scrolls sideways at 390 px on /search and the reviews
// page, a long unbroken bio wraps, another member's profile says 'Skills taught', toasts keep clear of the
// composer's Post button, the chat window leaves 'Send feedback' reachable, a long paste in the chat is kept
// whole with the limit shown, and axe finds nothing serious on /success-stories, /community and the profile's
// edit mode. Screenshots at 1280 and 390 px go to test-results/.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGE_CONTENT_MAX, messagingTexts } from '../../api/contracts/messaging-limits.js';
import { MONDAY_0800 } from '../support/session-fixtures.js';
import { seedReviews } from '../support/review-fixtures.js';
import type { ApiClient } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { axeOn, seriousViolations } from './support/axe.js';
import { screenshotDir } from './support/browser.js';

const WIDTHS = [1280, 390] as const;
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(4);

const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
const shoot = async (page: Page, name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/polish-${name}.png` });
};
const box = async (page: Page, testId: string) => (await page.getByTestId(testId).first().boundingBox())!;

describe('layout and accessibility polish', () => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800 });
  let mia: ApiClient;
  let sam: ApiClient;

  const open = (member: ApiClient | null, path: string, width: number) => openAs(e2e, member, path, { width, height: width > 500 ? 900 : 844 });

  it('scrolls no page sideways, wraps a long bio, and names another member’s skills as theirs', async () => {
    const seeded = await seedReviews(e2e.server);
    mia = seeded.mia;
    sam = seeded.students.sam!;
    const me = (await mia.get(`/api/users/${mia.memberId}`)).body as { skillsToTeach: unknown[] };
    const long = { name: LONG_WORD.slice(0, 100), description: LONG_WORD, category: 'Development', experienceLevel: 'expert', pointsPerHour: 2 };
    expect((await mia.patch(`/api/users/${mia.memberId}`, { bio: `Hello ${LONG_WORD}`, skillsToTeach: [...me.skillsToTeach, long] })).status).toBe(200);

    for (const width of WIDTHS) {
      const { context, page } = await open(sam, `/profile/${mia.memberId}`, width);
      await page.getByTestId('profile-bio').waitFor();
      await page.getByRole('heading', { name: 'Skills taught' }).waitFor();
      await expect(page.getByRole('heading', { name: 'Skills I teach' }).count()).resolves.toBe(0);
      const bio = await page.getByTestId('profile-bio').evaluate((p) => p.scrollWidth - p.clientWidth);
      expect(bio, 'the bio runs out of its box').toBeLessThanOrEqual(0);
      expect(await sideways(page), `profile at ${width}`).toBeLessThanOrEqual(0);
      await shoot(page, `member-profile-${width}`);

      await page.goto(`${e2e.server.url}/search?q=Pneumono`);
      await page.getByText(LONG_WORD.slice(0, 40)).first().waitFor();
      expect(await sideways(page), `search at ${width}`).toBeLessThanOrEqual(0);
      await shoot(page, `search-${width}`);

      await page.goto(`${e2e.server.url}/reviews/${mia.memberId}`);
      await page.getByTestId('shown-count').waitFor();
      expect(await sideways(page), `reviews at ${width}`).toBeLessThanOrEqual(0);
      await shoot(page, `reviews-${width}`);
      await context.close();
    }
  }, 420_000);

  it("keeps toasts off the composer's Post button and the chat window off 'Send feedback'; a long paste is kept whole", async () => {
    for (const width of WIDTHS) {
      const { context, page } = await open(sam, '/feed', width);
      await page.getByTestId('create-post').click();
      const post = await box(page, 'submit-post');
      const toaster = await box(page, 'toaster');
      const apart = post.x >= toaster.x + toaster.width || post.y + post.height <= toaster.y || post.y >= toaster.y + 120;
      expect(apart, `toasts would cover Post at ${width}`).toBe(true);
      await shoot(page, `composer-${width}`);
      await page.keyboard.press('Escape');

      await page.goto(`${e2e.server.url}/profile/${mia.memberId}`);
      await page.getByTestId('profile-message').click();
      const input = page.getByTestId('chat-input');
      await input.waitFor();
      await input.focus();
      // What a paste does to the box (Chromium's insertText honours maxlength, as a paste does).
      await page.keyboard.insertText('y'.repeat(5_000));
      await expect(input.inputValue().then((v) => v.length)).resolves.toBe(5_000);
      await page
        .getByTestId('chat-count')
        .filter({ hasText: `/${MESSAGE_CONTENT_MAX} characters` })
        .waitFor();
      await page.getByTestId('chat-error').filter({ hasText: messagingTexts.contentTooLong }).waitFor();
      await expect(page.getByRole('button', { name: 'Send message' }).isDisabled()).resolves.toBe(true);
      await shoot(page, `chat-paste-${width}`);

      if (width === 1280) {
        // The feed's 'Send feedback' sits in the right column, where the chat window opens.
        // Through the app (a reload would close the window): the nav's Home link.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
        await page.getByTestId('create-post').waitFor();
        await page.getByTestId('chat-input').waitFor();
        await page.getByTestId('open-feedback').click({ timeout: 10_000 });
        await page.getByRole('dialog').waitFor();
        await shoot(page, `feedback-with-chat-${width}`);
      }
      await context.close();
    }
  }, 420_000);

  it('finds nothing serious on /success-stories, /community and the profile in edit mode', async () => {
    const found: Record<string, string[]> = {};
    for (const width of WIDTHS) {
      for (const path of ['/success-stories', '/community']) {
        const { context, page } = await open(null, path, width);
        await page.getByRole('heading', { level: 1 }).waitFor();
        found[`${path} ${width}`] = await seriousViolations(page);
        await shoot(page, `${path.slice(1)}-${width}`);
        await context.close();
      }
      const { context, page } = await open(sam, '/profile', width);
      await page.getByTestId('profile-name').waitFor();
      await page.getByRole('button', { name: /Edit profile/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit your profile' }).waitFor();
      found[`profile edit ${width}`] = await seriousViolations(page);
      await page.getByTestId('profile-menu').click();
      await page.getByRole('menu').waitFor();
      found[`profile menu ${width}`] = await seriousViolations(page);
      // The open menu is inside a landmark (the nav bar's banner), not after them all at the end of the page.
      const outside = await axeOn(page).withRules(['region']).analyze();
      found[`profile menu outside a landmark ${width}`] = outside.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' '))).filter((t) => t.includes('menu'));
      await expect(page.getByRole('banner').getByRole('menu').count()).resolves.toBe(1);
      await shoot(page, `profile-edit-${width}`);
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  }, 420_000);
});
