// A session from both sides, in two browsers (spec 000 §2, §4): a mentor lists a skill and sets
// availability, a student books it on the booking page, the mentor approves on the dashboard, a
// reschedule is proposed and approved, the clock passes the end and the scheduler completes it, the
// mentee rates it, and the mentor's open dashboard shows the points and the rating without a reload.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { readModelsSettled } from '../support/read-models-settled.js';
import { runClockAndSettle, screenshotDir, markWelcomeTourSeen, submitDevSignInForm } from './support/browser.js';

const MONDAY_0800 = '2026-12-07T08:00:00.000Z';
const AFTER_THE_SESSION = '2026-12-08T11:05:00.000Z';

describe('a session journey between two members', () => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800 });
  const contexts: BrowserContext[] = [];
  let step = 0;

  /** Saves the page as test-results/journey-NN-name.png, from the top unless a dialog is open. */
  const shot = async (page: Page, name: string, whole = true) => {
    mkdirSync(screenshotDir, { recursive: true });
    step += 1;
    if (whole) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${screenshotDir}/journey-${String(step).padStart(2, '0')}-${name}.png`, fullPage: whole });
  };

  /** A new member signed up through the development provider, in a browser whose clock reads the server's. */
  const signUp = async (name: string, path: string): Promise<Page> => {
    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 900 }, `browser ${name}`);
    contexts.push(context);
    await page.goto(`${e2e.server.url}${path}`);
    await submitDevSignInForm(page, { email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`, name });
    await page.waitForURL((url) => url.pathname === path);
    // The welcome tour is notifications-page.e2e.test.ts's; here it would cover the dashboard.
    await markWelcomeTourSeen(page, e2e.server.url);
    return page;
  };

  const moveClock = async (instant: string) => {
    e2e.server.clock.set(instant);
    for (const context of contexts) await context.clock.setSystemTime(new Date(instant));
  };

  it('books, approves, reschedules, completes and rates, live on both screens', async () => {
    // The mentor lists a skill and weekday availability on their profile.
    const mentor = await signUp('Ada Lovelace', '/profile');
    await mentor.getByRole('button', { name: 'Add skill' }).first().click();
    await mentor.fill('#skill-name', 'Analytical Engines');
    await mentor.fill('#skill-description', 'Programming the first general-purpose computer, from loops to Bernoulli numbers.');
    await mentor.getByRole('dialog').getByRole('button', { name: 'Add skill' }).click();
    await mentor.getByText('Skill added successfully!').waitFor();
    await mentor.getByTestId('edit-profile').click();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await mentor.selectOption('#availability-day', day);
      await mentor.click('form[aria-label="Add availability"] button[type=submit]');
    }
    await mentor.getByTestId('save-profile').click();
    await mentor.getByTestId('edit-profile').waitFor();
    await shot(mentor, 'mentor-profile');
    const mentorId = await mentor.evaluate(async () => ((await (await fetch('/api/user')).json()) as { id: string }).id);

    // What the profile's writes set off has reached every read model before the dashboard opens its socket.
    await readModelsSettled(e2e.server);

    // The mentor keeps the dashboard open from here on; a marker shows it is never reloaded.
    const apiCalls: string[] = [];
    // The analytics capture's batches (ANALYTICS=on in the e2e tier) carry the tab's page views: no poll.
    mentor.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && !path.startsWith('/api/analytics/')) apiCalls.push(path);
    });
    const socketUp = new Promise<void>((resolve) =>
      mentor.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => String(payload).includes('"connected"') && resolve())),
    );
    await mentor.goto(`${e2e.server.url}/dashboard`);
    await mentor.getByTestId('stat-total-points').filter({ hasText: '3' }).waitFor();
    await mentor.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    // With the socket up nothing polls: a dashboard at rest makes no requests.
    await socketUp;
    await mentor.waitForLoadState('networkidle');
    const atRest = apiCalls.length;
    // A minute of the page's clock at once: every fallback poll would have fired by then.
    await runClockAndSettle(mentor, 61_000);
    expect(apiCalls.slice(atRest)).toEqual([]);
    await mentor.context().clock.setSystemTime(e2e.server.clock());

    // The student finds the skill on the mentor's profile and books it on the booking page.
    const student = await signUp('Grace Hopper', `/profile/${mentorId}`);
    await student.getByRole('link', { name: 'Request Session' }).first().click();
    await student.waitForURL((url) => url.pathname.startsWith(`/book/${mentorId}/`));
    await student.getByTestId('booking-skill-name').filter({ hasText: 'Analytical Engines' }).waitFor();
    await student.getByTestId('send-request').click();
    await student.getByTestId('selection-required').waitFor();
    await student.getByRole('button', { name: 'OK' }).click();
    await student.selectOption('[data-testid=booking-date]', '2026-12-07');
    await student.selectOption('[data-testid=booking-time]', '09:00');
    await student.getByTestId('booking-message').fill('Hello Ada! I would love to learn how the Engine handles loops.');
    await shot(student, 'student-booking-page');
    await student.getByTestId('send-request').click();
    await student.getByTestId('session-initiated').waitFor();
    await shot(student, 'student-session-initiated', false);
    await student.getByTestId('go-to-dashboard').click();
    const studentCard = student.getByTestId('session-card').first();
    await studentCard.getByTestId('waiting-for-approval').waitFor();
    const sessionId = (await studentCard.getAttribute('data-session-id'))!;
    const studentSession = student.locator(`[data-session-id="${sessionId}"]`);
    // ?highlight= rings the new session's card, then leaves the address bar.
    await studentSession.and(student.locator('[data-highlighted=true]')).waitFor();
    await student.waitForURL((url) => url.pathname === '/dashboard' && !url.searchParams.has('highlight'));
    await shot(student, 'student-dashboard-requested');

    // The request reaches the mentor's open dashboard; the mentor approves it there.
    const mentorCard = mentor.locator(`[data-session-id="${sessionId}"]`);
    await mentorCard.getByTestId('action-required').waitFor();
    await shot(mentor, 'mentor-dashboard-request');
    await mentorCard.getByTestId('approve-session').click();
    await mentor.getByTestId('tab-upcoming').and(mentor.locator('[data-state=active]')).waitFor();
    await mentorCard.getByTestId('join-session').waitFor();
    await student.getByTestId('tab-upcoming').filter({ hasText: '1' }).waitFor();
    await student.getByTestId('tab-upcoming').click();
    await studentSession.getByTestId('join-session').waitFor();
    await shot(mentor, 'mentor-dashboard-approved');

    // A thread message crosses live.
    await mentorCard.getByTestId('toggle-thread').click();
    await studentSession.getByTestId('toggle-thread').click();
    await studentSession.getByTestId('thread-input').fill('  See you on Monday!  ');
    await studentSession.getByTestId('thread-input').press('Enter');
    await mentorCard.getByText('See you on Monday!').waitFor();

    // The student proposes a new time; the mentor approves it.
    await studentSession.getByTestId('reschedule').click();
    await student.selectOption('#proposal-date', '2026-12-08');
    await student.selectOption('#proposal-time', '10:00');
    await student.fill('#proposal-message', 'Could we move to Tuesday morning?');
    await shot(student, 'student-propose-reschedule', false);
    await student.getByTestId('submit-proposal').click();
    await studentSession.getByTestId('pending-modification').filter({ hasText: 'You proposed a new time' }).waitFor();
    await mentorCard.getByTestId('approve-modification').click();
    await mentorCard.getByTestId('approved-by').filter({ hasText: 'Approved by Ada Lovelace' }).waitFor();
    await studentSession.getByTestId('approved-by').waitFor();
    await expect(studentSession.getByTestId('session-date').textContent()).resolves.toContain('Dec 8');
    await shot(student, 'student-rescheduled');

    // The clock passes the end and the scheduler completes the session.
    await moveClock(AFTER_THE_SESSION);
    await e2e.server.tickScheduler();
    await mentor.getByTestId('tab-completed').filter({ hasText: '1' }).waitFor();
    await mentor.getByTestId('stat-total-points').filter({ hasText: '4' }).waitFor();
    await mentor.getByTestId('stat-completed-swaps').filter({ hasText: '1' }).waitFor();
    await student.getByTestId('tab-completed').filter({ hasText: '1' }).click();
    const widget = student.locator(`[data-session-id="${sessionId}"]`).getByTestId('rating-widget');
    await expect(widget.getByTestId('submit-rating').isDisabled()).resolves.toBe(true);
    await widget.getByLabel('5 stars').check({ force: true });
    await widget.getByLabel('Review').fill('Ada made loops and variables click. Wonderful teacher.');
    await shot(student, 'student-rating');
    await widget.getByTestId('submit-rating').click();
    await student.locator(`[data-session-id="${sessionId}"]`).getByTestId('given-rating').waitFor();
    await expect(student.getByTestId('rating-widget').count()).resolves.toBe(0);

    // The mentor's dashboard, open all along, shows the rating.
    await mentor.getByTestId('stat-rating').filter({ hasText: '5.0' }).waitFor();
    await mentor.getByTestId('stat-reviews').filter({ hasText: '1' }).waitFor();
    await mentor.getByTestId('tab-completed').click();
    await mentor.locator(`[data-session-id="${sessionId}"]`).getByTestId('given-rating').waitFor();
    await expect(mentor.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).resolves.toBe(true);
    await shot(mentor, 'mentor-dashboard-final');
  });
});
