// Accessibility (issue 19 point 17 and its acceptance): axe finds no serious or critical violation on
// the landing page, the dashboard, the profile page, the booking page and every dialog of spec 000
// (reject, propose reschedule, smart calendar with its cancel, decline countdown, cancel request,
// feedback, the booking's two popups, add skill, the profile's edit form), the feed with its comments,
// composer and edit dialog, the skill search with its Create New Skill modal, the Messages dropdown and a chat
// window, the notifications page, the reviews page in its states and the crop dialog, at 1280 and at 390 px.
import { AxeBuilder } from '@axe-core/playwright';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { MONDAY_0800 } from '../support/session-fixtures.js';
import { seedReviews } from '../support/review-fixtures.js';
import type { ApiClient } from '../support/test-server.js';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { signInWithHint } from './support/browser.js';
import { seedSessions, type SeededSessions } from './support/seeded-sessions.js';

const WIDTHS = [1280, 390] as const;

/** The serious and critical violations on the page (or inside one element of it), one line each. */
const violations = async (page: Page, within?: string): Promise<string[]> => {
  // Animations (dialog zoom-in, toasts) end first, or axe reads colours halfway through a fade.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page: page as never });
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`));
};

describe('accessibility', () => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800 });
  let seeded: SeededSessions;
  let found: Record<string, string[]> = {};
  beforeEach(() => {
    found = {};
  });

  const open = async (member: ApiClient | null, path: string, width: number): Promise<{ context: BrowserContext; page: Page }> => {
    const { context, page } = await newPageOnServerClock(e2e, { width, height: width > 500 ? 900 : 844 });
    if (member) await signInWithHint(page, e2e.server.url, member.email, path);
    else await page.goto(`${e2e.server.url}${path}`);
    return { context, page };
  };
  const check = async (page: Page, name: string, within?: string) => {
    found[name] = await violations(page, within);
  };
  const dialog = '[role=dialog], [role=alertdialog]';
  const card = (page: Page, id: string) => page.locator(`[data-session-id="${id}"]`);

  it('finds nothing serious on the landing page and the public pages', async () => {
    seeded = await seedSessions(e2e.server.url);
    for (const width of WIDTHS) {
      const { context, page } = await open(null, '/', width);
      await page.getByRole('heading', { name: /Teach what you know/ }).waitFor();
      await check(page, `landing ${width}`);
      if (width === 390) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await check(page, 'landing menu 390');
      }
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  });

  it("finds nothing serious on the mentor's dashboard and its dialogs", async () => {
    const { mia, ids } = seeded;
    for (const width of WIDTHS) {
      const { context, page } = await open(mia, '/dashboard', width);
      await card(page, ids.request).getByTestId('action-required').waitFor();
      await page.getByTestId('activity-summary').waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `dashboard ${width}`);

      await card(page, ids.request).getByTestId('reject-session').click();
      await page.getByLabel('Reason').waitFor();
      await check(page, `reject dialog ${width}`, dialog);
      await page.keyboard.press('Escape');

      await page.getByTestId('tab-upcoming').click();
      await card(page, ids.upcoming).getByTestId('reschedule').click();
      await page.getByTestId('submit-proposal').click();
      await page.getByTestId('proposal-error').waitFor();
      await check(page, `propose reschedule dialog ${width}`, dialog);
      await page.keyboard.press('Escape');

      await card(page, ids.upcoming).getByTestId('open-smart-calendar').click();
      await page.getByRole('button', { name: /Wednesday, December 9/ }).click();
      await page.getByRole('button', { name: /^2:00 PM: / }).click();
      await page.getByTestId('calendar-selection').waitFor();
      await page.getByTestId('calendar-cancel-session').click();
      await page.getByText('Please give a reason for cancelling').waitFor();
      await check(page, `smart calendar and cancel dialog ${width}`, dialog);
      await page.keyboard.press('Escape');

      await card(page, ids.proposal).scrollIntoViewIfNeeded();
      await card(page, ids.proposal).getByTestId('decline-modification').click();
      await page.getByTestId('decline-countdown').waitFor();
      await check(page, `decline countdown dialog ${width}`, dialog);
      await page.getByRole('button', { name: 'Keep request' }).click();

      await page.getByTestId('open-feedback').click();
      await page.getByTestId('feedback-message').fill('   ');
      await page.getByTestId('send-feedback').click();
      await page.getByText('Please enter your feedback before sending.').waitFor();
      await check(page, `feedback dialog ${width}`, dialog);
      await page.keyboard.press('Escape');

      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-item').first().waitFor();
      await check(page, `notifications dropdown ${width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('profile-menu').click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
      await check(page, `profile menu ${width}`);
      await page.keyboard.press('Escape');
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  });

  it('finds nothing serious on the feed, its comments, the composer with its suggestions and the edit dialog', async () => {
    seeded ??= await seedSessions(e2e.server.url);
    const { mia, sam } = seeded;
    const created = await mia.post('/api/feed-posts', {
      content: 'Who knows #Kubernetes well? @Sam Patel I saw your talk. Notes: https://example.com/k8s',
      category: 'development',
      urgency: 'high',
    });
    expect(created.status).toBe(201);
    const postId = (created.body as { post: { id: string } }).post.id;
    const reply = await sam.post('/api/comments', { post_id: postId, content: 'Happy to help, I run clusters at work.' });
    expect(reply.status).toBe(201);
    for (const width of WIDTHS) {
      const { context, page } = await open(mia, '/feed', width);
      const post = page.locator(`[data-post-id="${postId}"]`);
      await post.getByTestId('toggle-comments').click();
      await post.getByTestId('comment').first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `feed with comments ${width}`);

      await page.getByTestId('create-post').click();
      const composer = page.getByRole('dialog', { name: 'Share your learning need' });
      await composer.getByTestId('composer-content').pressSequentially('Ask @S');
      await composer.getByRole('listbox').waitFor();
      await check(page, `composer with suggestions ${width}`, dialog);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await composer.waitFor({ state: 'detached' });

      await post.getByTestId('post-menu').click();
      await page.getByRole('menuitem', { name: 'Edit post' }).click();
      await page.getByRole('dialog', { name: 'Edit Post' }).waitFor();
      await check(page, `edit post dialog ${width}`, dialog);
      await page.keyboard.press('Escape');
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  });

  it("finds nothing serious on a mentee's dashboard, the booking page and its popups, and the profiles", async () => {
    const { mia, sam, leo, skillId, ids } = seeded;
    for (const width of WIDTHS) {
      const mentee = await open(sam, '/dashboard', width);
      await card(mentee.page, ids.request).getByTestId('cancel-request').click();
      // The dialog's own button: the card's is there already, and the dialog loads when first opened.
      await mentee.page.locator(dialog).getByRole('button', { name: 'Cancel Request' }).waitFor();
      await check(mentee.page, `cancel request dialog ${width}`, dialog);
      await mentee.page.keyboard.press('Escape');

      await mentee.page.goto(`${e2e.server.url}/profile/${mia.memberId}`);
      await mentee.page.getByTestId('active-session').first().waitFor();
      await mentee.page.waitForLoadState('networkidle');
      await check(mentee.page, `member profile ${width}`);
      await mentee.page.getByTestId('cancel-active-session').first().click();
      await mentee.page.getByRole('button', { name: 'Cancel Request' }).last().waitFor();
      await check(mentee.page, `profile cancel request dialog ${width}`, dialog);
      await mentee.page.keyboard.press('Escape');
      await mentee.context.close();

      const booker = await open(leo, `/book/${mia.memberId}/${skillId}`, width);
      await booker.page.getByTestId('booking-panel').waitFor();
      await booker.page.waitForLoadState('networkidle');
      await check(booker.page, `booking page ${width}`);
      await booker.page.getByTestId('send-request').click();
      await booker.page.getByTestId('selection-required').waitFor();
      await check(booker.page, `selection required popup ${width}`, dialog);
      await booker.page.getByRole('button', { name: 'OK' }).click();
      await booker.page.selectOption('[data-testid=booking-date]', width === 1280 ? '2026-12-14' : '2026-12-15');
      await booker.page.selectOption('[data-testid=booking-time]', '09:00');
      await booker.page.getByTestId('send-request').click();
      await booker.page.getByTestId('session-initiated').waitFor();
      await check(booker.page, `session initiated popup ${width}`, dialog);

      await booker.page.goto(`${e2e.server.url}/profile`);
      await booker.page.getByTestId('edit-profile').waitFor();
      await booker.page.waitForLoadState('networkidle');
      await check(booker.page, `own profile ${width}`);
      await booker.page.getByTestId('edit-profile').click();
      await booker.page.getByTestId('save-profile').waitFor();
      await check(booker.page, `profile edit form ${width}`);
      await booker.page.getByRole('button', { name: 'Add skill' }).first().click();
      await booker.page.getByRole('dialog').getByRole('button', { name: 'Add skill' }).click();
      await booker.page.getByText('Please enter a skill name').waitFor();
      await check(booker.page, `add skill dialog ${width}`, dialog);
      await booker.page.keyboard.press('Escape');
      await booker.context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  });
  it('finds nothing serious on the skill search page, its empty state and the Create New Skill modal', async () => {
    seeded ??= await seedSessions(e2e.server.url);
    const { sam } = seeded;
    for (const width of WIDTHS) {
      const { context, page } = await open(sam, '/search', width);
      await page.getByTestId('skill-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `skill search ${width}`);
      await page.getByRole('searchbox').fill('no skill is called this');
      await page.getByText('No results found').waitFor();
      await check(page, `skill search no results ${width}`);
      await page.getByRole('button', { name: 'Create New Skill' }).click();
      await page.getByRole('dialog', { name: 'Create New Skill' }).getByRole('button', { name: 'Create Skill' }).click();
      await page.getByText('Please enter a skill name').waitFor();
      await check(page, `create skill dialog ${width}`, dialog);
      await page.keyboard.press('Escape');
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  });

  it('finds nothing serious in the Messages dropdown and a chat window', async () => {
    seeded ??= await seedSessions(e2e.server.url);
    const { mia, sam } = seeded;
    const started = await mia.post('/api/conversations', { participant1_id: mia.memberId, participant2_id: sam.memberId });
    expect((await mia.post('/api/messages', { conversation_id: started.body.conversation.id, content: 'Are you free on Thursday?' })).status).toBe(201);
    for (const width of WIDTHS) {
      const { context, page } = await open(sam, '/feed', width);
      await page.goto(`${e2e.server.url}/feed?chat=${mia.memberId}`);
      await page
        .getByRole('region', { name: /^Chat with / })
        .getByText('Are you free on Thursday?')
        .waitFor();
      await check(page, `chat window ${width}`, '[data-testid=chat-window]');
      await page.getByTestId('messages-menu').click();
      await page.getByTestId('conversation-item').first().waitFor();
      await page.getByTestId('start-conversation-item').first().waitFor();
      await check(page, `messages dropdown ${width}`, '[data-radix-popper-content-wrapper]');
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  });

  it("finds nothing serious on the mentor's notifications page", async () => {
    for (const width of WIDTHS) {
      const { context, page } = await open(seeded.mia, '/notifications', width);
      await page.getByTestId('notification-row').first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `notifications ${width}`);
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  });

  // Last: seeding reviews moves the server's clock past Monday's sessions.
  it('finds nothing serious on the reviews page (with reviews, filtered, empty, not found) and the crop dialog', async () => {
    const reviews = await seedReviews(e2e.server, 'a11y-');
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    for (const width of WIDTHS) {
      const { context, page } = await open(reviews.leo, `/reviews/${reviews.mia.memberId}`, width);
      await page.getByTestId('review-card').nth(4).waitFor();
      await check(page, `reviews ${width}`);
      await page.getByTestId('star-filter-1').click();
      await page.getByText('No reviews match this filter').waitFor();
      await check(page, `reviews filtered to nothing ${width}`);
      await page.goto(`${e2e.server.url}/reviews/${reviews.leo.memberId}`);
      await page.getByText('No reviews yet').waitFor();
      await check(page, `reviews empty ${width}`);
      await page.goto(`${e2e.server.url}/reviews/no-such-member`);
      await page.getByText('User not found').waitFor();
      await check(page, `reviews not found ${width}`);

      await page.goto(`${e2e.server.url}/profile`);
      await page.getByTestId('picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
      await page.getByRole('dialog', { name: 'Adjust Profile Picture' }).locator('.reactEasyCrop_CropAreaRound').waitFor();
      await check(page, `crop dialog ${width}`, dialog);
      await page.keyboard.press('Escape');
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  });
});
