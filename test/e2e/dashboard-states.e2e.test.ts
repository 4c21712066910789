// The dashboard with sessions in every state it shows (spec 000 §2 Dashboard, Session card, Dialogs),
// seen by a mentor and a mentee at 1280 and 390 px. Every screen is saved under test-results/ so a
// person can look at it; the assertions check the texts and controls each state must offer.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn, type ApiClient } from '../support/test-server.js';
import { mkdirSync } from 'node:fs';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { screenshotDir } from './support/browser.js';

const AFTER_FIRST_SESSIONS = '2026-12-07T10:05:00.000Z';
const weekdays = (startTime: string, endTime: string) => ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({ day, startTime, endTime }));

describe('dashboard states', () => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800 });
  let mia: ApiClient; // mentor of TypeScript
  let gus: ApiClient; // mentor of Product Design
  let sam: ApiClient;
  let nia: ApiClient;
  let ava: ApiClient;
  let leo: ApiClient;
  let designId: string;
  let typescriptId: string;
  const ids = { rated: '', toRate: '', request: '', request2: '', match: '', conflict: '', theirProposal: '', myProposal: '', approved: '' };

  const ok = async <T>(response: Promise<{ status: number; body: T }>, what: string): Promise<T> => {
    const { status, body } = await response;
    if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  const book = async (student: ApiClient, mentor: ApiClient, skillId: string, date: string, time: string, message?: string) =>
    (await ok<{ id: string }>(student.post('/api/sessions', bookingBody({ mentor, skillId, date, time, message })), `book ${date} ${time}`)).id;

  /** A signed-in browser tab whose clock reads the server's time. */
  const open = (member: ApiClient, path: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> => openAs(e2e, member, path, { width, height: 900 });
  /** A page from the top (so the sticky nav bar sits where it belongs), or just the viewport for a dialog. */
  const screenshot = async (page: Page, name: string, whole = !name.startsWith('dialog') && !name.startsWith('dropdown')) => {
    mkdirSync(screenshotDir, { recursive: true });
    if (whole) {
      // Scroll through once so every card has loaded what it loads on sight, then back to the top. At
      // each stop, two frames: the cards' intersection observers report in the frame after the scroll.
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await frame();
          await frame();
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
    }
    await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: whole });
  };
  const card = (page: Page, id: string) => page.locator(`[data-session-id="${id}"]`);
  /** A card brought into view: cards load their extras (reschedules, time match) as they near the viewport. */
  const visibleCard = async (page: Page, id: string) => {
    await card(page, id).scrollIntoViewIfNeeded();
    return card(page, id);
  };

  beforeAll(async () => {
    const member = (id: string, name: string) => signIn(e2e.server.url, `${id}@example.com`, name);
    [mia, gus, sam, nia, ava, leo] = await Promise.all([
      member('mia', 'Mia Chen'),
      member('gus', 'Gus Rivera'),
      member('sam', 'Sam Patel'),
      member('nia', 'Nia Okafor'),
      member('ava', 'Ava Rossi'),
      member('leo', 'Leo Park'),
    ]);
    const typescript = await becomeMentor(mia, { skillName: 'TypeScript Generics', skillsToLearn: ['Product Design'] });
    typescriptId = typescript;
    designId = await becomeMentor(gus, { skillName: 'Product Design' });
    for (const student of [sam, nia, ava])
      await ok(student.patch(`/api/users/${student.memberId}`, { timeZone: 'UTC', availability: weekdays('09:00', '17:00') }), 'availability');
    await ok(leo.patch(`/api/users/${leo.memberId}`, { timeZone: 'UTC', availability: weekdays('13:00', '17:00') }), 'availability');

    // Two sessions that end before the clock moves on: one completes unrated, one gets a review.
    ids.rated = await book(nia, mia, typescript, '2026-12-07', '09:00');
    ids.toRate = await book(sam, gus, designId, '2026-12-07', '09:00');
    await ok(mia.post(`/api/sessions/${ids.rated}/approve`, {}), 'approve');
    await ok(gus.post(`/api/sessions/${ids.toRate}/approve`, {}), 'approve');
    e2e.server.clock.set(AFTER_FIRST_SESSIONS);
    await e2e.server.tickScheduler();
    await ok(nia.post(`/api/sessions/${ids.rated}/rate`, { rating: 5, review: 'Mia explained conditional types brilliantly.' }), 'rate');

    ids.request = await book(sam, mia, typescript, '2026-12-08', '14:00', "Hi Mia! I'd love help with generics in our API client.");
    ids.request2 = await book(ava, mia, typescript, '2026-12-09', '15:00');
    ids.match = await book(nia, mia, typescript, '2026-12-07', '13:00');
    ids.conflict = await book(leo, mia, typescript, '2026-12-07', '11:00');
    ids.theirProposal = await book(ava, mia, typescript, '2026-12-10', '10:00');
    ids.myProposal = await book(leo, mia, typescript, '2026-12-10', '14:00');
    ids.approved = await book(sam, mia, typescript, '2026-12-08', '10:00');
    for (const id of [ids.match, ids.conflict, ids.theirProposal, ids.myProposal, ids.approved]) await ok(mia.post(`/api/sessions/${id}/approve`, {}), 'approve');
    await ok(
      ava.post(`/api/sessions/${ids.theirProposal}/propose-modification`, {
        proposed_date: '2026-12-11',
        proposed_time: '11:00',
        message: 'Could we move to Friday morning?',
      }),
      'propose',
    );
    await ok(mia.post(`/api/sessions/${ids.myProposal}/propose-modification`, { proposed_date: '2026-12-11', proposed_time: '14:00' }), 'propose');
    const moved = await ok<{ pending_modification_id: string }>(
      sam.post(`/api/sessions/${ids.approved}/propose-modification`, { proposed_date: '2026-12-09', proposed_time: '11:00' }),
      'propose',
    );
    await ok(mia.post(`/api/sessions/${ids.approved}/modifications/${moved.pending_modification_id}/approve`, {}), 'approve modification');
    await ok(nia.post(`/api/sessions/${ids.match}/message`, { message: 'Looking forward to it!' }), 'message');
    await ok(mia.post(`/api/sessions/${ids.match}/message`, { message: 'Me too, bring your questions.' }), 'message');
  });
  it("shows the mentor's tabs, cards and dialogs", async () => {
    const { context, page } = await open(mia, '/dashboard');
    await expect(page.getByTestId('dashboard-greeting').textContent()).resolves.toMatch(/, Mia!$/);
    await page
      .getByTestId('tab-requested')
      .filter({ hasText: /^Requested2$/ })
      .waitFor();
    await page
      .getByTestId('tab-upcoming')
      .filter({ hasText: /^Upcoming5$/ })
      .waitFor();
    await card(page, ids.request).getByTestId('action-required').waitFor();
    await page.getByTestId('stat-rating').filter({ hasText: '5.0' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'dashboard-mentor-requested-1280');

    // Rejecting needs a reason (spec 000 §4): the dialog starts from the default text, an emptied one is refused.
    await card(page, ids.request2).getByTestId('reject-session').click();
    const reason = page.getByLabel('Reason');
    await expect(reason.inputValue()).resolves.toBe("Sorry, I'm not available at this time. Please check my availability and book another session.");
    await reason.fill('   ');
    await page.getByTestId('confirm-reject').click();
    await page.getByText('Please give a reason for rejecting this request').waitFor();
    await screenshot(page, 'dialog-reject-1280');
    await expect(card(page, ids.request2).getAttribute('data-status')).resolves.toBe('requested');
    await reason.fill('I am away that week, sorry.');
    await page.getByTestId('confirm-reject').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Ended sessions have a tab of their own; Completed keeps only completed ones (its count is Completed Swaps).
    await page
      .getByTestId('tab-history')
      .filter({ hasText: /^History1$/ })
      .waitFor();
    await page
      .getByTestId('tab-completed')
      .filter({ hasText: /^Completed1$/ })
      .waitFor();
    await page.getByTestId('tab-history').click();
    await card(page, ids.request2).getByTestId('status-reason').filter({ hasText: 'I am away that week, sorry.' }).waitFor();
    await screenshot(page, 'dashboard-mentor-history-1280');

    await page.getByTestId('tab-upcoming').click();
    await (await visibleCard(page, ids.match)).getByTestId('time-match').waitFor();
    await (await visibleCard(page, ids.conflict)).getByTestId('time-conflict').waitFor();
    await (await visibleCard(page, ids.approved)).getByTestId('approved-by').filter({ hasText: 'Approved by Mia Chen just now' }).waitFor();
    await (await visibleCard(page, ids.theirProposal)).getByTestId('approve-modification').waitFor();
    await (await visibleCard(page, ids.myProposal)).getByRole('button', { name: 'Cancel Request' }).waitFor();
    await expect(card(page, ids.match).getByTestId('add-to-calendar').getAttribute('href')).resolves.toBe(`/api/sessions/${ids.match}/calendar.ics`);
    await card(page, ids.match).getByTestId('toggle-thread').click();
    await card(page, ids.match).getByText('Me too, bring your questions.').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'dashboard-mentor-upcoming-1280');

    await card(page, ids.match).getByTestId('reschedule').click();
    await page.getByTestId('smart-suggestions').waitFor();
    // Only the mentor's free slots are offered: weekdays, within 09:00-17:00, not booked, not the session's own time.
    const values = (select: string) => page.locator(`${select} option`).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const dates = await values('#proposal-date');
    expect(dates.length).toBeGreaterThan(10);
    expect(dates.filter((d) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))).toEqual([]);
    await page.selectOption('#proposal-date', '2026-12-07');
    await expect(values('#proposal-time')).resolves.toEqual(['12:00', '14:00', '15:00', '16:00']);
    await page.selectOption('#proposal-date', '');
    await page.getByTestId('submit-proposal').click();
    await page.getByTestId('proposal-error').filter({ hasText: 'Please select both date and time' }).waitFor();
    await screenshot(page, 'dialog-propose-1280');
    await page.keyboard.press('Escape');

    await card(page, ids.theirProposal).getByTestId('reschedule').click();
    await page.getByTestId('proposal-blocked').filter({ hasText: 'Please approve or decline it first' }).waitFor();
    await page.keyboard.press('Escape');

    await card(page, ids.match).getByTestId('open-smart-calendar').click();
    await page.getByRole('button', { name: /Wednesday, December 9/ }).click();
    await page.getByRole('button', { name: /^2:00 PM: You are both free/ }).click();
    await page.getByTestId('calendar-selection').waitFor();
    await page.getByTestId('calendar-cancel-session').click();
    await page.getByText('Please give a reason for cancelling').waitFor();
    await screenshot(page, 'dialog-smart-calendar-1280');
    await page.keyboard.press('Escape');

    await (await visibleCard(page, ids.theirProposal)).getByTestId('decline-modification').click();
    await page.getByTestId('decline-countdown').waitFor();
    await screenshot(page, 'dialog-decline-countdown-1280');
    await page.getByRole('button', { name: 'Keep request' }).click();
    await expect(card(page, ids.theirProposal).getAttribute('data-status')).resolves.toBe('modification_pending');

    await page.getByTestId('tab-completed').click();
    await card(page, ids.rated).getByTestId('given-rating').waitFor();
    await screenshot(page, 'dashboard-mentor-completed-1280');

    await page.getByTestId('notification-bell').first().click();
    await page.getByTestId('notification-item').first().waitFor();
    await screenshot(page, 'dropdown-notifications-1280');
    await page.getByTestId('mark-all-read').click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).first().waitFor();
    // A session notification leads to its card: the dashboard switches tab, scrolls and rings it.
    const item = page.locator('[data-testid=notification-item][data-for-session]').filter({ hasText: 'requested a TypeScript Generics session' }).first();
    const target = (await item.getAttribute('data-for-session'))!;
    await item.click();
    await card(page, target).and(page.locator('[data-highlighted=true]')).waitFor();
    await expect(card(page, target).isVisible()).resolves.toBe(true);
    await page.waitForURL((url) => !url.searchParams.has('highlight'));

    await page.getByTestId('open-feedback').click();
    await page.getByTestId('feedback-message').fill('   ');
    await page.getByTestId('send-feedback').click();
    await page.getByText('Please enter your feedback before sending.').waitFor();
    await screenshot(page, 'dialog-feedback-1280');
    await page.getByTestId('feedback-message').fill('The smart calendar is lovely.');
    await page.getByTestId('send-feedback').click();
    await page.getByTestId('feedback-sent').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 4_000 });

    // Once Leo's 11:00 session has started, its mentor can mark it completed.
    e2e.server.clock.set('2026-12-07T11:30:00.000Z');
    await context.clock.setSystemTime(e2e.server.clock());
    // Cards read the clock as they mount (and every 30 s after), so the tab is opened afresh.
    await page.getByTestId('tab-completed').click();
    await page.getByTestId('tab-upcoming').click();
    await (await visibleCard(page, ids.conflict)).getByTestId('complete-session').waitFor();
    await expect(card(page, ids.match).getByTestId('complete-session').count()).resolves.toBe(0);
    await card(page, ids.conflict).scrollIntoViewIfNeeded();
    await screenshot(page, 'card-mark-completed-1280', false);
    await card(page, ids.conflict).getByTestId('complete-session').click();
    await page.getByTestId('tab-completed').filter({ hasText: '2' }).waitFor();
    await context.close();
  });

  it("shows the mentee's waiting request and rating widget, and the booking page's states", async () => {
    const { context, page } = await open(sam, '/dashboard');
    await card(page, ids.request).getByTestId('waiting-for-approval').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'dashboard-mentee-requested-1280');
    await page.getByTestId('tab-completed').click();
    const widget = card(page, ids.toRate).getByTestId('rating-widget');
    await expect(widget.getByTestId('submit-rating').textContent()).resolves.toBe('Select a rating first');
    await widget.getByLabel('4 stars').check({ force: true });
    await expect(widget.getByTestId('submit-rating').textContent()).resolves.toBe('Submit Rating');
    await screenshot(page, 'dashboard-mentee-completed-1280');

    // Sam's three welcome points are all spent or held by now.
    await page.goto(`${e2e.server.url}/book/${gus.memberId}/${designId}`);
    await page.getByTestId('insufficient-points').filter({ hasText: 'You need 1 point(s) to request this session' }).waitFor();
    await expect(page.getByTestId('send-request').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'booking-insufficient-1280');

    await page.goto(`${e2e.server.url}/profile/${mia.memberId}`);
    await page.getByTestId('active-session').first().waitFor();
    await expect(page.getByTestId('booking-message').inputValue()).resolves.toMatch(/^Hi Mia!/);
    await screenshot(page, 'profile-booking-panel-1280');
    await context.close();
  });

  it('reloads the free times when the chosen one was just taken', async () => {
    const { context, page } = await open(ava, `/book/${mia.memberId}/${typescriptId}`);
    await page.selectOption('[data-testid=booking-date]', '2026-12-11');
    await page.selectOption('[data-testid=booking-time]', '09:00');
    await ok(nia.post('/api/sessions', bookingBody({ mentor: mia, skillId: typescriptId, date: '2026-12-11', time: '09:00' })), 'book the same slot');
    await page.getByTestId('send-request').click();
    await page.getByTestId('toast-error').filter({ hasText: 'This time slot is no longer available. Please select a different time.' }).waitFor();
    await page.locator('[data-testid=booking-time] option[value="09:00"][disabled]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('booking-time').inputValue()).resolves.toBe('');
    await screenshot(page, 'booking-slot-taken-1280');
    await context.close();
  });

  it('fits the dashboard, its dialogs and the booking page on a 390 px phone', async () => {
    const mentor = await open(mia, '/dashboard', 390);
    await card(mentor.page, ids.request).getByTestId('action-required').waitFor();
    await mentor.page.waitForLoadState('networkidle');
    await screenshot(mentor.page, 'dashboard-mentor-requested-390');
    await card(mentor.page, ids.request).getByTestId('reject-session').click();
    // The dialog is a chunk of its own: on a busy machine Escape came before it opened, and it stayed open.
    await mentor.page.getByLabel('Reason').waitFor();
    await screenshot(mentor.page, 'dialog-reject-390');
    await mentor.page.keyboard.press('Escape');
    await mentor.page.getByTestId('tab-upcoming').click();
    await (await visibleCard(mentor.page, ids.match)).getByTestId('time-match').waitFor();
    await mentor.page.waitForLoadState('networkidle');
    await screenshot(mentor.page, 'dashboard-mentor-upcoming-390');
    // Laid out for the phone on purpose: each action fills half the row or all of it, and no badge breaks inside.
    const misfits = await mentor.page.locator('[data-testid=session-card]').evaluateAll((cards) =>
      cards.flatMap((c) => {
        const actions = c.querySelector('[data-testid=session-actions]');
        const row = actions?.getBoundingClientRect().width ?? 0;
        const fits = (width: number) => Math.abs(width - row) < 2 || Math.abs(width - (row - 8) / 2) < 2; // a whole row, or half of it (gap-2)
        const narrow = [...(actions?.children ?? [])].filter((a) => !fits(a.getBoundingClientRect().width)).map((a) => `action ${a.textContent}`);
        const badges = [...c.querySelectorAll('[data-testid=session-status], [data-testid=point-status]')];
        const broken = badges.filter((b) => b.getBoundingClientRect().height > 24).map((b) => `badge ${b.textContent}`);
        return [...narrow, ...broken];
      }),
    );
    expect(misfits).toEqual([]);
    await card(mentor.page, ids.match).getByTestId('reschedule').click();
    await mentor.page.getByTestId('smart-suggestions').waitFor();
    await screenshot(mentor.page, 'dialog-propose-390');
    await mentor.page.keyboard.press('Escape');
    await mentor.page.getByTestId('tab-history').click();
    await card(mentor.page, ids.request2).waitFor();
    await screenshot(mentor.page, 'dashboard-mentor-history-390');
    await mentor.page.getByTestId('tab-upcoming').click();
    await card(mentor.page, ids.match).getByTestId('open-smart-calendar').click();
    await mentor.page.getByRole('button', { name: /Wednesday, December 9/ }).click();
    await screenshot(mentor.page, 'dialog-smart-calendar-390');
    await mentor.page.keyboard.press('Escape');
    await (await visibleCard(mentor.page, ids.theirProposal)).getByTestId('decline-modification').click();
    await screenshot(mentor.page, 'dialog-decline-countdown-390');
    await mentor.page.getByRole('button', { name: 'Keep request' }).click();
    await mentor.context.close();

    const mentee = await open(ava, `/book/${mia.memberId}/${typescriptId}`, 390);
    await mentee.page.getByTestId('booking-panel').waitFor();
    await mentee.page.waitForLoadState('networkidle');
    await screenshot(mentee.page, 'booking-page-390');
    await mentee.page.goto(`${e2e.server.url}/profile/${mia.memberId}?skill=${typescriptId}`);
    await mentee.page.getByTestId('active-session').first().waitFor();
    await mentee.page.waitForLoadState('networkidle');
    await screenshot(mentee.page, 'profile-booking-panel-390');
    await mentee.context.close();
    const rater = await open(sam, '/dashboard', 390);
    await rater.page.getByTestId('tab-completed').click();
    await card(rater.page, ids.toRate).getByTestId('rating-widget').waitFor();
    await screenshot(rater.page, 'dashboard-mentee-completed-390');
    await rater.context.close();
  });
});
