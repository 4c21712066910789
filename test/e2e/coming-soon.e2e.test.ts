// /coming-soon in Chromium (spec 002 §2, §5; issue 31 point 9): a member votes, changes their vote and
// comments; one discussion is open at a time; another member's vote moves the counts live; an admin sets a
// feature's status with a note on the same page and the voter sees it live and in their notifications.
// Screenshots at 1280 and 390 px go to test-results/coming-soon-*.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { allowBrowserErrors, screenshot } from './support/browser.js';
import { seriousViolations } from './support/axe.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ADMIN = 'vera-coming-soon@example.com';

describe('the coming-soon page', () => {
  const e2e = startAppAndBrowser({ env: { ADMIN_EMAILS: ADMIN } });
  const card = (page: Page, featureId: string) => page.getByTestId(`feature-${featureId}`);
  const summary = (page: Page, featureId: string) => card(page, featureId).getByTestId('vote-summary');
  const pressed = (page: Page, featureId: string, vote: string) => card(page, featureId).getByTestId(`vote-${vote}`).getAttribute('aria-pressed');

  it('lets a member vote, change the vote and comment, with one discussion open at a time and the counts live', async () => {
    const [ann, bob] = await Promise.all([signIn(e2e.server.url, 'ann-soon@example.com', 'Ann Lee'), signIn(e2e.server.url, 'bob-soon@example.com', 'Bob Stone')]);
    const { context, page } = await openAs(e2e, ann, '/coming-soon', DESKTOP);
    await page.getByRole('heading', { name: 'Help us choose what we build next' }).waitFor();
    for (const title of ['Post a Job', 'How to Quote', 'Good Deals']) await page.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => summary(page, 'post_job').textContent()).toBe('0% like it · 0 votes');

    await card(page, 'post_job').getByTestId('vote-like').click();
    await expect.poll(() => pressed(page, 'post_job', 'like')).toBe('true');
    await expect.poll(() => summary(page, 'post_job').textContent()).toBe('100% like it · 1 vote');
    // Changed, not added: one vote, now a dislike; the three counts side by side.
    await card(page, 'post_job').getByTestId('vote-dislike').click();
    await expect.poll(() => pressed(page, 'post_job', 'dislike')).toBe('true');
    expect(await pressed(page, 'post_job', 'like')).toBe('false');
    await expect.poll(() => summary(page, 'post_job').textContent()).toBe('0% like it · 1 vote');
    expect(await card(page, 'post_job').getByTestId('vote-dislike').textContent()).toBe('Dislike1');

    // Bob's vote arrives over the socket, without a reload.
    expect((await bob.post('/api/feature-votes', { feature_id: 'post_job', vote_type: 'like' })).status).toBe(200);
    await expect.poll(() => summary(page, 'post_job').textContent(), { timeout: 5_000 }).toBe('50% like it · 2 votes');

    // One discussion open at a time; a comment sent with Enter is trimmed, shown and the input cleared.
    await card(page, 'post_job').getByTestId('toggle-discussion').click();
    const input = card(page, 'post_job').getByTestId('comment-input');
    expect(await card(page, 'post_job').getByRole('button', { name: 'Send comment' }).isDisabled()).toBe(true);
    await input.fill('   Count me in   ');
    await input.press('Enter');
    await card(page, 'post_job').getByTestId('feature-comments').getByText('Count me in').waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    expect(await card(page, 'post_job').getByTestId('feature-comments').textContent()).toContain('Ann Lee');
    await card(page, 'how_to_quote').getByTestId('toggle-discussion').click();
    await card(page, 'how_to_quote').getByTestId('discussion-how_to_quote').waitFor();
    expect(await page.getByTestId('discussion-post_job').count()).toBe(0);
    await card(page, 'how_to_quote').getByTestId('toggle-discussion').click();
    expect(await page.locator('[data-testid^="discussion-"]').count()).toBe(0);
    await card(page, 'post_job').getByTestId('toggle-discussion').click();
    await card(page, 'post_job').getByText('Count me in').waitFor();
    await screenshot(page, 'coming-soon-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('lets an admin set a status with a note, which the voter sees live and as a notification', async () => {
    const [admin, cy] = await Promise.all([signIn(e2e.server.url, ADMIN, 'Vera Admin'), signIn(e2e.server.url, 'cy-soon@example.com', 'Cy Park')]);
    expect((await cy.post('/api/feature-votes', { feature_id: 'good_deals', vote_type: 'neutral' })).status).toBe(200);
    const voter = await openAs(e2e, cy, '/coming-soon', PHONE);
    await expect.poll(() => pressed(voter.page, 'good_deals', 'neutral')).toBe('true');
    expect(await voter.page.getByTestId('feature-status-form').count()).toBe(0);

    const { context, page } = await openAs(e2e, admin, '/coming-soon', DESKTOP);
    const form = card(page, 'good_deals').getByTestId('feature-status-form');
    await form.getByRole('combobox', { name: 'Status of Good Deals' }).selectOption('planned');
    await form.getByRole('textbox', { name: 'Note to the voters of Good Deals' }).fill('First partners in March');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Status saved').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'coming-soon-admin-1280');
    await context.close();

    // The voter's open page shows it without a reload, and the bell has the notification.
    await card(voter.page, 'good_deals').getByText('Planned', { exact: true }).waitFor({ timeout: 5_000 });
    expect(await card(voter.page, 'good_deals').getByTestId('status-note').textContent()).toBe('First partners in March');
    await screenshot(voter.page, 'coming-soon-390');
    expect(await seriousViolations(voter.page)).toEqual([]);
    await voter.page.goto(`${e2e.server.url}/notifications`);
    const row = voter.page.getByTestId('notification-row').filter({ hasText: 'Feature Update' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Good Deals, a feature you voted on, is now Planned: First partners in March');
    await screenshot(voter.page, 'coming-soon-notification-390');
    await voter.context.close();
  });

  it('tells a member whose session ended while the page was open to log in to vote and to comment', async () => {
    const dee = await signIn(e2e.server.url, 'dee-soon@example.com', 'Dee Fox');
    const { context, page } = await openAs(e2e, dee, '/coming-soon', DESKTOP);
    await expect.poll(() => summary(page, 'good_deals').textContent()).toContain('like it');
    await card(page, 'good_deals').getByTestId('toggle-discussion').click();
    await card(page, 'good_deals').getByTestId('comment-input').waitFor();
    // Signed out elsewhere: the page's next writes are answered 401.
    expect((await dee.post('/api/logout/everywhere', {})).status).toBeLessThan(400);
    allowBrowserErrors(/401/, /Failed to load resource/);
    await card(page, 'good_deals').getByTestId('vote-like').click();
    await page.getByText('Please log in to vote').waitFor();
    await card(page, 'good_deals').getByTestId('comment-input').fill('Still here?');
    await card(page, 'good_deals').getByRole('button', { name: 'Send comment' }).click();
    await page.getByText('Please log in to comment').waitFor();
    await context.close();
  });
});
