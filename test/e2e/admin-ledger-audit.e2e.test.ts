// Issue 33 point 3 in Chromium: an admin opens /admin/audit, runs a full audit, follows its progress to the
// result, and finds a balance moved by hand in the read model (test SQL) reported with the member; from the
// finding they open the member's movements, both sides named and the running balance after each, and the
// inspector's 'Ledger audit' leads there too. At 1280 and 390 px, axe clean, screenshots looked at.
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerAuditTexts as texts } from '../../api/contracts/admin-ledger-audit.js';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn, type ApiClient } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { lookAtBothWidths, viewportOf } from './support/look.js';
import { expectNothingFound, seriousViolations } from './support/axe.js';
import { allowBrowserErrors, screenshot } from './support/browser.js';

const ADMIN = 'aud-ledger@example.com';
/**
 * Events no read model folds, before the test's own: a full audit reads every event of the log, here 50 a read,
 * so it lasts long enough to show its progress (made slow by its workload, never by a wait).
 */
const FILLER = { streams: 40, perStream: 1_000 };
const AUDIT_PAGE = 10;
const viewport = viewportOf;

describe('the ledger audit page', () => {
  const e2e = startAppAndBrowser({
    now: MONDAY_0800,
    env: { ADMIN_EMAILS: ADMIN },
    ledgerAuditPageSize: AUDIT_PAGE,
    beforeRuntime: async ({ store }) => {
      for (let stream = 0; stream < FILLER.streams; stream += 1) {
        const events = Array.from({ length: FILLER.perStream }, (_, i) => ({
          type: 'AuditFiller',
          data: { n: i },
          metadata: { eventId: randomUUID(), occurredAt: MONDAY_0800, actorId: null, correlationId: randomUUID(), causationId: null, schemaVersion: 1 },
        }));
        await store.append(`filler-${stream}`, events);
      }
    },
  });
  const found: Record<string, string[]> = {};
  let admin: ApiClient;
  let mentor: ApiClient;
  let student: ApiClient;

  /** A booking completed (the transfer), one rejected (the refund) and a correction: the student's ledger. */
  const movePoints = async () => {
    const base = e2e.server.url;
    [admin, mentor, student] = await Promise.all([
      signIn(base, ADMIN, 'Ada Auditor'),
      signIn(base, 'mo-ledger@example.com', 'Mo Mentor'),
      signIn(base, 'sue-ledger@example.com', 'Sue Student'),
    ]);
    const skillId = await becomeMentor(mentor, { skillName: 'Bookkeeping' });
    const book = async (time: string) => (await student.post<{ id: string }>('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-07', time }))).body.id;
    const taught = await book('10:00');
    expect((await mentor.post(`/api/sessions/${taught}/approve`, {})).status).toBe(200);
    expect((await mentor.post(`/api/sessions/${await book('14:00')}/reject`, { rejection_message: 'Away that afternoon' })).status).toBe(200);
    e2e.server.clock.set('2026-12-07T10:30:00.000Z');
    expect((await mentor.post(`/api/sessions/${taught}/complete`, {})).status).toBe(200);
    const corrected = await admin.post(`/api/admin/members/${student.memberId}/corrections`, {
      amount: 4,
      reason: 'Goodwill for the wait',
      idempotencyKey: randomUUID(),
    });
    expect(corrected.status).toBe(200);
  };

  beforeAll(movePoints, 60_000);

  it('runs a full audit with its progress, and reports a balance moved by hand with the member', async () => {
    // Test-only SQL: a row changed by hand, which no new event touches and only a full audit finds.
    await sql`update balances set available_points = available_points + 10 where member_id = ${student.memberId}`.execute(e2e.server.sql.db);

    const { page } = await openAs(e2e, admin, '/admin/audit', viewport(1280), 'admin');
    await page.getByTestId('ledger-continuous').waitFor();
    await lookAtBothWidths(page, 'screenshots/admin-ledger-audit-before', 'before', found);
    const run = page.getByTestId('run-ledger-audit');
    await run.click();
    // While it runs the button says so and cannot start another; the progress bar moves.
    const progress = page.getByRole('progressbar', { name: 'Full audit progress' });
    await progress.waitFor();
    expect(await run.isDisabled()).toBe(true);
    await expect(run.innerText()).resolves.toBe(texts.running);
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await lookAtBothWidths(page, 'screenshots/admin-ledger-audit-running', 'running', found);
    await page.locator('[data-testid="ledger-audit-run"][data-state="finished"]').waitFor({ timeout: 30_000 });
    expect(await run.isDisabled()).toBe(false);
    await expect(page.getByTestId('ledger-audit-outcome').innerText()).resolves.toMatch(/1 discrepancy found/);

    const finding = page.locator(`[data-testid="ledger-finding"][data-member="${student.memberId}"]`);
    await finding.waitFor();
    expect(await finding.getAttribute('data-kind')).toBe('balance');
    await expect(finding.innerText()).resolves.toContain(texts.kinds.balance);
    await expect(finding.innerText()).resolves.toContain('Sue Student');
    await expect(finding.getByRole('link', { name: /log position/ }).getAttribute('href')).resolves.toMatch(
      new RegExp(`^/admin/events\\?stream=ledger-${student.memberId}&streamMatch=exact&at=\\d+$`),
    );
    await expect(finding.getByRole('link', { name: 'Sue Student in the inspector' }).getAttribute('href')).resolves.toBe(`/admin/inspector?userId=${student.memberId}`);
    await lookAtBothWidths(page, 'screenshots/admin-ledger-audit-finding', 'finding', found);

    await finding.getByRole('link', { name: 'Movements of Sue Student' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/audit/members/${student.memberId}`);
    await expectMovements(page);
    await lookAtBothWidths(page, 'screenshots/admin-ledger-audit-movements', 'movements', found);
    // The ledger says 6 available; the row moved by hand says 16.
    await expect(page.getByTestId('ledger-comparison').innerText()).resolves.toMatch(/The ledger says 6 available, 0 held; the read model holds 16 available, 0 held/);
    expectNothingFound(found);
  });

  /** Oldest first, each with its other side and the running balance the ledger folds. */
  const expectMovements = async (page: Page) => {
    const table = page.getByTestId('ledger-movements');
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.innerText.trim())));
    expect(rows.map((cells) => [cells[3], cells[4]])).toEqual([
      ['+3 available', '3 available · 0 held'],
      ['−1 available, +1 held', '2 available · 1 held'],
      ['−1 available, +1 held', '1 available · 2 held'],
      ['+1 available, −1 held', '2 available · 1 held'],
      ['−1 held', '2 available · 0 held'],
      ['+4 available', '6 available · 0 held'],
    ]);
    expect(rows[4]![2]).toBe('Mo Mentor (mentor)');
    expect(rows[5]![1]).toContain('Goodwill for the wait');
  };

  it("leads from the inspector's points to the member's movements", async () => {
    const { page } = await openAs(e2e, admin, `/admin/inspector?userId=${student.memberId}`, viewport(1280), 'admin');
    await page.getByTestId('ledger-audit-link').click();
    await page.waitForURL((url) => url.pathname === `/admin/audit/members/${student.memberId}`);
    await expectMovements(page);
    // A movement's log position opens the event browser there: the member's ledger from that event down.
    const adjudicated = page.getByTestId('ledger-movements').locator('tbody tr').nth(4);
    await adjudicated.getByRole('link', { name: /log position/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/events' && url.searchParams.get('at') !== null);
    await page.getByTestId('events-at').waitFor();
    const types = await page.getByTestId('audit-event').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')));
    expect(types).toEqual(['HoldAdjudicated', 'HoldRefunded', 'PointsHeld', 'PointsHeld', 'PointsGranted']);
    await page.goBack();
    // The other side leads on: the mentor's movements, where the points arrived from the student.
    await page.getByRole('link', { name: 'Mo Mentor' }).first().click();
    await page.waitForURL((url) => url.pathname === `/admin/audit/members/${mentor.memberId}`);
    await page.getByText('Sue Student (student)').first().waitFor();
  });

  it('says when the audit is loading, could not be read or could not be started, and when there is no such member', async () => {
    // The answers below are this test's doing: held back, then a 500, then the real ones; a run refused; a member unknown.
    allowBrowserErrors(
      /request failed: (GET|POST) \S+\/api\/admin\/audit\/ledger(\/run)? answered 500$/,
      /request failed: GET \S+\/api\/admin\/audit\/ledger\/members\/no-such-member answered 404$/,
      /console error: Failed to load resource: the server responded with a status of (500|404) /,
    );
    const { page } = await openAs(e2e, admin, '/admin', viewport(390), 'admin');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let answer: 'held' | 'fail' | 'real' = 'held';
    await page.route('**/api/admin/audit/ledger', async (route) => {
      if (answer === 'held') await held;
      if (answer === 'fail') return route.fulfill({ status: 500, body: '' });
      return route.continue();
    });
    await page.goto(`${e2e.server.url}/admin/audit`);
    await page.getByTestId('ledger-audit-loading').waitFor();
    await screenshot(page, 'screenshots/admin-ledger-audit-loading-390');
    answer = 'real';
    release();
    await page.getByTestId('ledger-full-audit').waitFor();

    answer = 'fail';
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: texts.failed });
    // Three retries, 2, 4 and 8 s apart, on the page's clock.
    for (let i = 0; i < 6 && !(await alert.isVisible()); i += 1) await page.clock.fastForward(5_000);
    await alert.waitFor();
    await screenshot(page, 'screenshots/admin-ledger-audit-error-390');
    found['error at 390'] = await seriousViolations(page);
    answer = 'real';
    await alert.getByRole('button', { name: 'Try again' }).click();

    await page.route('**/api/admin/audit/ledger/run', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByTestId('run-ledger-audit').click();
    await page.getByRole('alert').filter({ hasText: texts.runFailed }).waitFor();
    expect(await page.getByTestId('run-ledger-audit').isDisabled()).toBe(false);
    await screenshot(page, 'screenshots/admin-ledger-audit-run-failed-390');
    found['run failed at 390'] = await seriousViolations(page);

    await page.goto(`${e2e.server.url}/admin/audit/members/no-such-member`);
    await page.getByRole('alert').filter({ hasText: texts.memberNotFound }).waitFor();
    found['no such member at 390'] = await seriousViolations(page);
    expectNothingFound(found);
  });
});
