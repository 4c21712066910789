// Issue 33 points 1-2 in a browser: an admin finds a member in the User Inspector, follows one of their
// sessions' event chain, opens the session's stream, steps through its events and sees the diff each made;
// at 1280 and 390 px, axe clean, screenshots in test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminStreamTexts, STATE_ENTRIES_SHOWN } from '../../api/contracts/admin-streams.js';
import { addComment } from '../../commands/feed/comments.js';
import { createPost } from '../../commands/feed/posts.js';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { seriousViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';

const ADMIN = 'ada-audit@example.com';

describe('the event browser and time travel', () => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800, env: { ADMIN_EMAILS: ADMIN } });

  it("follows a member's session from the inspector through its event chain to its stream, stepping through the diffs", async () => {
    mkdirSync('test-results/screenshots', { recursive: true });
    const [admin, mentor, student] = await Promise.all([
      signIn(e2e.server.url, ADMIN, 'Ada'),
      signIn(e2e.server.url, 'mo-audit@example.com', 'Mo Mentor'),
      signIn(e2e.server.url, 'sue-audit@example.com', 'Sue Student'),
    ]);
    const skillId = await becomeMentor(mentor, { skillName: 'Rust Lifetimes' });
    const booked = await student.post('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-07', time: '10:00', message: 'Borrowing <b>please</b>' }));
    expect(booked.status).toBe(201);
    const sessionId = booked.body.id as string;
    expect((await mentor.post(`/api/sessions/${sessionId}/approve`, {})).status).toBe(200);

    for (const width of [1280, 390]) {
      const { context, page } = await openAs(e2e, admin, `/admin/inspector?userId=${student.memberId}`, { width, height: width > 500 ? 900 : 844 });
      // The inspector lists the member's sessions from the log, each with its chain and its stream.
      const sessions = page.getByTestId('member-sessions');
      await sessions.waitFor();
      await expect(sessions.textContent()).resolves.toContain('Rust Lifetimes (student)');
      await screenshot(page, `screenshots/admin-audit-inspector-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The session's dispute evidence pack: its printable page opens in a new tab and shows the hash of the same
      // canonical JSON the download answers.
      const [printable] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: "Printable page of the Rust Lifetimes session's evidence pack (opens in a new tab)" }).click(),
      ]);
      await printable.waitForLoadState();
      await expect(printable.locator('h1').textContent()).resolves.toContain(sessionId);
      const shownHash = await printable.locator('[data-sha256]').textContent();
      expect(shownHash).toMatch(/^[0-9a-f]{64}$/);
      const download = page.getByRole('link', { name: 'Evidence pack of the Rust Lifetimes session (JSON)' });
      await expect(download.getAttribute('download')).resolves.toBe(`evidence-${sessionId}.json`);
      const pack = await page.request.get(`${e2e.server.url}${await download.getAttribute('href')}`);
      expect(pack.status()).toBe(200);
      expect(((await pack.json()) as { manifest: { sha256: string } }).manifest.sha256).toBe(shownHash);
      await printable.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await screenshot(printable, `screenshots/admin-audit-evidence-${width}`);
      expect(await seriousViolations(printable)).toEqual([]);
      await printable.close();

      await page.getByRole('link', { name: 'Event chain of the Rust Lifetimes session' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/events' && url.searchParams.get('correlation') === sessionId);
      await page.getByTestId('chain-summary').waitFor();
      const types = await page.getByTestId('audit-event').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
      // In the order recorded: the hold and the request in one write, the approval after them.
      for (const type of ['PointsHeld', 'SessionRequested', 'SessionApproved']) expect(types).toContain(type);
      expect(types.indexOf('SessionApproved')).toBeGreaterThan(types.indexOf('SessionRequested'));
      // Opened, an event shows its data as text: the member's markup is not markup here.
      const requested = page.locator('[data-testid="audit-event"][data-type="SessionRequested"]');
      await requested.locator('summary').click();
      await expect(requested.getByTestId('event-data').textContent()).resolves.toContain('"Borrowing <b>please</b>"');
      await expect(requested.locator('b').count()).resolves.toBe(0);
      await expect(requested.getByTestId('event-metadata').textContent()).resolves.toContain(sessionId);
      // The ids in it lead on: the session's stream, the student's events.
      const data = requested.getByTestId('event-data');
      await expect(data.getByRole('link', { name: `"${sessionId}"` }).getAttribute('href')).resolves.toBe(`/admin/streams/session-${sessionId}`);
      await expect(data.getByRole('link', { name: `"${student.memberId}"` }).getAttribute('href')).resolves.toBe(`/admin/events?member=${student.memberId}`);
      await screenshot(page, `screenshots/admin-audit-chain-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await requested.getByRole('link', { name: 'Open stream here' }).click();
      await page.waitForURL((url) => url.pathname === `/admin/streams/session-${sessionId}` && url.searchParams.get('at') === '0');
      const at = page.getByTestId('stream-at');
      await at.getByText('SessionRequested').first().waitFor();
      await expect(page.getByTestId('state-diff').first().textContent()).resolves.toContain('status');
      // Step to the approval: its diff names the status that changed, from requested to confirmed.
      await page.getByRole('button', { name: 'Next event' }).click();
      await page.waitForURL((url) => url.searchParams.get('at') === '1');
      await at.getByText('SessionApproved').first().waitFor();
      const changed = page.locator('[data-testid="state-diff"] [data-kind="changed"]', { hasText: 'status' });
      await expect(changed.textContent()).resolves.toMatch(/status.*Before: "requested".*After: "confirmed"/);
      await screenshot(page, `screenshots/admin-audit-stream-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      // And back, by the list of the stream's events.
      await page
        .getByTestId('stream-events')
        .getByRole('button', { name: /SessionRequested/ })
        .click();
      await page.waitForURL((url) => url.searchParams.get('at') === '0');
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);

      // The browser itself: filtered by type, one page at a time.
      await page.goto(`${e2e.server.url}/admin/events?type=MemberRegistered`);
      await page.getByTestId('audit-events').waitFor();
      await expect(page.getByTestId('audit-event').count()).resolves.toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId('audit-event').evaluateAll((rows) => rows.every((row) => row.getAttribute('data-type') === 'MemberRegistered'))).resolves.toBe(true);
      await screenshot(page, `screenshots/admin-audit-events-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it("shows a long post's states shortened, saying so, with the change whole", async () => {
    const [admin, member] = await Promise.all([signIn(e2e.server.url, ADMIN, 'Ada'), signIn(e2e.server.url, 'lena-long@example.com', 'Lena')]);
    const now = MONDAY_0800;
    const { postId } = await createPost(e2e.server.commands, { actorId: member.memberId, content: 'A long thread', category: 'development', urgency: 'low', now });
    for (let i = 0; i < STATE_ENTRIES_SHOWN + 10; i += 1) await addComment(e2e.server.commands, { postId, actorId: member.memberId, content: `Answer ${i}`, now });
    for (const width of [1280, 390]) {
      const { context, page } = await openAs(e2e, admin, `/admin/streams/post-${postId}`, { width, height: width > 500 ? 900 : 844 });
      await page.getByTestId('state-shortened').waitFor();
      await expect(page.getByTestId('state-shortened').textContent()).resolves.toBe(adminStreamTexts.shortened);
      // The comment the last event added is in the diff whole and kept in the state after it.
      await expect(page.getByTestId('state-diff').textContent()).resolves.toMatch(/comments › [0-9a-f-]{36}.*After: .*commentId/);
      await expect(page.getByTestId('state-after').getByTestId('state-cut').textContent()).resolves.toMatch(/^… \d+ more, not shown$/);
      // Before the last comment the post had STATE_ENTRIES_SHOWN + 9 of them, its first STATE_ENTRIES_SHOWN shown.
      await expect(page.getByTestId('state-before').getByTestId('state-cut').textContent()).resolves.toBe('… 9 more, not shown');
      await page.getByTestId('state-after').getByTestId('state-cut').scrollIntoViewIfNeeded();
      await screenshot(page, `screenshots/admin-audit-long-stream-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it('says when no event matches, when a filter is refused and when a stream does not exist', async () => {
    const admin = await signIn(e2e.server.url, ADMIN, 'Ada');
    const { context, page } = await openAs(e2e, admin, '/admin/events?type=NoSuchEvent', { width: 390, height: 844 });
    await page.getByText('No events match these filters').waitFor();
    await page.goto(`${e2e.server.url}/admin/events?from=yesterday`);
    await page.getByText('from must be an ISO-8601 instant with its zone').waitFor();
    await page.goto(`${e2e.server.url}/admin/streams/session-nowhere`);
    await page.getByText('There is no such stream').waitFor();
    await expect(page.getByText('There is no stream session-nowhere').isVisible()).resolves.toBe(true);
    await screenshot(page, 'screenshots/admin-audit-missing-stream-390');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
