// The pages at 390 px (issue 19 points 16 and 20): nothing wider than the screen, and what matters
// first is in the first screenful, in order: the landing's pitch and sign-in, the dashboard's summary
// before the session list (it came last, 4,900 px down), the profile's header, the booking panel
// right under the booking page's header, the feed's title, Create Post and priority cards before the posts, the skill search's title and search box before its cards. Screenshots of each at 390 and 1280 px go to test-results/.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { MONDAY_0800 } from '../support/session-fixtures.js';
import { seedReviews } from '../support/review-fixtures.js';
import type { ApiClient } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { screenshotDir } from './support/browser.js';
import { seedSessions, type SeededSessions } from './support/seeded-sessions.js';

const PHONE = { width: 390, height: 844 };

/** A post by `member` through the API (spec 001 §7 POST /feed-posts). */
const seedFeedPost = async (member: ApiClient, content: string) => {
  const response = await member.post('/api/feed-posts', { content, category: 'design', urgency: 'medium' });
  expect(response.status).toBe(201);
};
const DESKTOP = { width: 1280, height: 900 };

/** Page width against the viewport: a sideways scroll on a phone is a layout bug. */
const overflow = (page: Page) => page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));

/** Where an element starts and ends on the page (document coordinates, from the top). */
const span = async (locator: Locator) => {
  await locator.waitFor();
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, width: box.width, height: box.height };
  });
};

const expectNoOverflow = async (page: Page) => {
  const { scrollWidth, innerWidth } = await overflow(page);
  expect(scrollWidth, 'the page is wider than the screen').toBeLessThanOrEqual(innerWidth);
};

/** In the first screenful (below nothing but the top of the page), and in this order from the top. */
const expectFirstScreenInOrder = async (page: Page, locators: Locator[]) => {
  const spans = [];
  for (const locator of locators) spans.push(await span(locator));
  const height = page.viewportSize()!.height;
  expect(spans[0]!.top, 'the first element starts in the first screenful').toBeLessThan(height);
  expect(
    spans.map((s) => s.top),
    'top to bottom in this order',
  ).toEqual([...spans.map((s) => s.top)].sort((a, b) => a - b));
  return spans;
};

const shoot = async (page: Page, name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screenshotDir}/layout-${name}.png`, fullPage: true });
};

describe('the pages on a 390 px phone', () => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800 });
  let seeded: SeededSessions;

  const open = (member: ApiClient | null, path: string, viewport = PHONE) => openAs(e2e, member, path, viewport);

  it('shows the landing page’s pitch, sign-in and menu in the first screen, with no sideways scroll', async () => {
    seeded = await seedSessions(e2e.server.url);
    const { context, page } = await open(null, '/');
    const heading = page.getByRole('heading', { name: /Teach what you know/ });
    const signUp = page.getByTestId('landing-sign-in');
    const spans = await expectFirstScreenInOrder(page, [heading, signUp]);
    expect(spans[1]!.bottom, 'the call to action is in the first screen').toBeLessThanOrEqual(PHONE.height);
    await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(true);
    await expectNoOverflow(page);
    await shoot(page, 'landing-390');
    await context.close();
  });

  it('puts the dashboard’s greeting, stats and summary before the sessions, and the rest of the sidebar after them', async () => {
    const { mia, ids } = seeded;
    const { context, page } = await open(mia, '/dashboard');
    await page.locator(`[data-session-id="${ids.request}"]`).waitFor();
    await page.waitForLoadState('networkidle');
    const [greeting, stats, summary, sessions, feedback] = await expectFirstScreenInOrder(page, [
      page.getByTestId('dashboard-greeting'),
      page.getByRole('region', { name: 'Your stats' }),
      page.getByTestId('activity-summary'),
      page.getByTestId('tab-requested'),
      page.getByTestId('open-feedback'),
    ]);
    expect(greeting!.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(stats!.bottom, 'the four stats fit the first screen').toBeLessThanOrEqual(PHONE.height);
    expect(summary!.top, 'the activity summary starts in the first screen').toBeLessThan(PHONE.height);
    expect(sessions!.top).toBeGreaterThan(summary!.bottom);
    expect(feedback!.top).toBeGreaterThan(sessions!.top);
    await expectNoOverflow(page);
    await shoot(page, 'dashboard-390');
    await context.close();
  });

  it('shows a profile’s header first and the booking page’s request panel right under its header', async () => {
    const { mia, leo, skillId } = seeded;
    const { context, page } = await open(leo, `/profile/${mia.memberId}`);
    await page.getByTestId('booking-panel').waitFor();
    await page.waitForLoadState('networkidle');
    const [name] = await expectFirstScreenInOrder(page, [page.getByTestId('profile-name'), page.getByTestId('skills-taught')]);
    expect(name!.bottom).toBeLessThanOrEqual(PHONE.height);
    await expectNoOverflow(page);
    await shoot(page, 'profile-390');

    await page.goto(`${e2e.server.url}/book/${mia.memberId}/${skillId}`);
    await page.getByTestId('booking-panel').waitFor();
    await page.waitForLoadState('networkidle');
    const [skill, panel, about] = await expectFirstScreenInOrder(page, [
      page.getByTestId('booking-skill-name'),
      page.getByTestId('booking-panel'),
      page.getByRole('heading', { name: 'About This Skill' }),
    ]);
    expect(skill!.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(panel!.top, 'the request panel starts in the first screen').toBeLessThan(PHONE.height);
    expect(about!.top).toBeGreaterThan(panel!.bottom);
    await expectNoOverflow(page);
    await shoot(page, 'booking-390');
    await context.close();
  });

  it('puts the feed’s title, Create Post and the priority cards in the first screen, then the posts, with no sideways scroll', async () => {
    const { mia, sam } = seeded;
    await seedFeedPost(mia, 'Looking for a #Figma mentor: how do you name components? @Sam Patel can you share your setup? https://example.com/figma-guide');
    const { context, page } = await open(sam, '/feed');
    await page.getByTestId('post-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const [title, create, stats, post] = await expectFirstScreenInOrder(page, [
      page.getByRole('heading', { name: 'Community Feed', level: 1 }),
      page.getByTestId('create-post'),
      page.getByRole('region', { name: 'Posts by priority' }),
      page.getByTestId('post-card').first(),
    ]);
    expect(create!.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(stats!.bottom, 'the four priority cards fit the first screen').toBeLessThanOrEqual(PHONE.height);
    expect(post!.top).toBeGreaterThan(title!.bottom);
    await page.getByTestId('post-card').first().getByTestId('toggle-comments').click();
    await page.getByTestId('comment-box').waitFor();
    await expectNoOverflow(page);
    await shoot(page, 'feed-390');
    await page.getByTestId('create-post').click();
    await page.getByRole('dialog', { name: 'Share your learning need' }).waitFor();
    await expectNoOverflow(page);
    await page.screenshot({ path: `${screenshotDir}/layout-feed-composer-390.png` });
    await context.close();

    const desktop = await open(sam, '/feed', DESKTOP);
    await desktop.page.getByTestId('post-card').first().waitFor();
    await desktop.page.waitForLoadState('networkidle');
    // Three columns: the member's widget, the posts, the community widget with the feedback button.
    const widget = await span(desktop.page.getByTestId('user-widget'));
    const list = await span(desktop.page.getByTestId('post-list'));
    const feedback = await span(desktop.page.getByTestId('open-feedback'));
    expect(widget.top).toBeLessThan(list.bottom);
    expect(feedback.top).toBeLessThan(DESKTOP.height);
    await expectNoOverflow(desktop.page);
    await shoot(desktop.page, 'feed-1280');
    await desktop.context.close();
  });

  it('lays the same pages out at 1280 px with no sideways scroll', async () => {
    const { mia, leo, skillId, ids } = seeded;
    const visitor = await open(null, '/', DESKTOP);
    await visitor.page.getByTestId('landing-sign-in').waitFor();
    await expectNoOverflow(visitor.page);
    await shoot(visitor.page, 'landing-1280');
    await visitor.context.close();

    const mentor = await open(mia, '/dashboard', DESKTOP);
    await mentor.page.locator(`[data-session-id="${ids.request}"]`).waitFor();
    await mentor.page.waitForLoadState('networkidle');
    // Side by side: the summary beside the sessions, at the top of the right column.
    const summary = await span(mentor.page.getByTestId('activity-summary'));
    const sessions = await span(mentor.page.getByTestId('tab-requested'));
    expect(summary.top).toBeLessThan(sessions.top);
    expect(summary.width).toBeLessThan(DESKTOP.width / 2);
    await expectNoOverflow(mentor.page);
    await shoot(mentor.page, 'dashboard-1280');
    await mentor.context.close();

    const booker = await open(leo, `/profile/${mia.memberId}`, DESKTOP);
    await booker.page.getByTestId('booking-panel').waitFor();
    await booker.page.waitForLoadState('networkidle');
    await expectNoOverflow(booker.page);
    await shoot(booker.page, 'profile-1280');
    await booker.page.goto(`${e2e.server.url}/book/${mia.memberId}/${skillId}`);
    await booker.page.getByTestId('booking-panel').waitFor();
    await booker.page.waitForLoadState('networkidle');
    await expectNoOverflow(booker.page);
    await shoot(booker.page, 'booking-1280');
    await booker.context.close();
  });
  it('puts the skill search’s title, search box and first card in order on a phone, and fits both widths', async () => {
    seeded ??= await seedSessions(e2e.server.url);
    const { sam } = seeded;
    const { context, page } = await open(sam, '/search');
    await page.getByTestId('skill-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const [title, box] = await expectFirstScreenInOrder(page, [
      page.getByRole('heading', { name: 'Find Skills to Learn', level: 1 }),
      page.getByRole('searchbox'),
      page.getByTestId('skill-card').first(),
    ]);
    expect(box!.bottom).toBeLessThanOrEqual(PHONE.height);
    expect(title!.top).toBeLessThan(box!.top);
    await expectNoOverflow(page);
    await shoot(page, 'search-390');
    await context.close();

    const desktop = await open(sam, '/search', DESKTOP);
    await desktop.page.getByTestId('skill-card').first().waitFor();
    await desktop.page.waitForLoadState('networkidle');
    await expectNoOverflow(desktop.page);
    await shoot(desktop.page, 'search-1280');
    await desktop.context.close();
  });

  it('keeps a chat window and the Messages dropdown inside the phone’s screen', async () => {
    seeded ??= await seedSessions(e2e.server.url);
    const { mia, sam } = seeded;
    await mia.post('/api/conversations', { participant1_id: mia.memberId, participant2_id: sam.memberId });
    const { context, page } = await open(sam, '/feed');
    await page.goto(`${e2e.server.url}/feed?chat=${mia.memberId}`);
    const window = page.getByRole('region', { name: /^Chat with / });
    const box = await span(window);
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoOverflow(page);
    await page.getByTestId('messages-menu').click();
    await page.getByTestId('conversation-item').first().waitFor();
    await expectNoOverflow(page);
    await shoot(page, 'messages-390');
    await context.close();
  });

  it("shows the notifications page's title and first notification in the first screen, with no sideways scroll", async () => {
    const { context, page } = await open(seeded.mia, '/notifications');
    await expectFirstScreenInOrder(page, [page.getByRole('heading', { name: 'Notifications' }), page.getByTestId('notification-row').first()]);
    await page.waitForLoadState('networkidle');
    await expectNoOverflow(page);
    await shoot(page, 'notifications-390');
    await context.close();
  });

  // Last: seeding reviews moves the server's clock past Monday's sessions.
  it('shows the reviews page’s title, overview and then the reviews, and the crop dialog in the screen, at 390 px', async () => {
    const { mia, leo } = await seedReviews(e2e.server, 'layout-');
    const { context, page } = await open(leo, `/reviews/${mia.memberId}`);
    await page.getByTestId('review-card').first().waitFor();
    const [title, overview, first] = await expectFirstScreenInOrder(page, [
      page.getByTestId('reviews-title'),
      page.getByTestId('rating-overview'),
      page.getByTestId('review-card').first(),
    ]);
    expect(overview!.bottom, 'the overview with its star bars fits the first screen').toBeLessThanOrEqual(PHONE.height);
    expect(first!.top).toBeGreaterThan(title!.bottom);
    await expectNoOverflow(page);
    await shoot(page, 'reviews-390');

    await page.goto(`${e2e.server.url}/profile`);
    await page.getByTestId('picture-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#88aacc' } })
        .png()
        .toBuffer(),
    });
    const dialog = page.getByRole('dialog', { name: 'Adjust Profile Picture' });
    const save = await span(dialog.getByTestId('save-picture'));
    expect(save.bottom, 'Save is on the first screen').toBeLessThanOrEqual(PHONE.height);
    await expectNoOverflow(page);
    await page.screenshot({ path: `${screenshotDir}/layout-crop-dialog-390.png` });
    await context.close();
  });
});
