// Issue 31's acceptance walk in Chromium, in its order, on one server with two tabs kept open throughout
// (ANALYTICS=on, a desktop browser's user agent): a member browses, and the admin who has /admin open sees
// the page views in Live Activity within a second of their batch, without a reload; the member votes and
// comments on /coming-soon; the admin follows a funnel drop-off to the User Inspector, searches
// /admin/users and opens 'View Details', sends the test e-mail (a real smtp-server reads it at the
// admin's address), sets the feature's status with a note, and the voter sees the notification live and
// on /notifications. Every page the walk passes is pictured at 1280 and 390 px (test-results/admin-walk-*),
// kept within the width, and axe clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsTexts } from '../../api/contracts/admin-stats.js';
import { testEmailTexts } from '../../api/contracts/test-email.js';
import { TEST_EMAIL_SUBJECT } from '../../commands/test-email/send-test-email.js';
import { startSmtpTestServer, type SmtpTestServer } from '../support/smtp-test-server.js';
import { signIn, type ApiClient } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { A11Y_WIDTHS, expectNothingFound, seriousViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';

const ADMIN = 'olga-walk@example.com';
const ADMIN_NAME = 'Olga Admin';
const MEMBER_NAME = 'Mira Walker';
const FEATURE = 'how_to_quote';
const FEATURE_TITLE = 'How to Quote';
const viewport = (width: number) => ({ width, height: width > 500 ? 900 : 844 });

/**
 * Pictures the page as it is at both widths (test-results/admin-walk-<name>-<width>.png), checks its layout
 * (softly: every fault of a screen is reported, and the walk goes on), and adds axe's serious violations at
 * each width to `found` (of the whole page, or of `axeWithin`); the page is left at 1280.
 */
const look = async (page: Page, name: string, found: Record<string, string[]>, axeWithin?: string): Promise<void> => {
  for (const width of A11Y_WIDTHS) {
    await page.setViewportSize(viewport(width));
    // From the top: the sticky nav bar of a page scrolled down would land in the middle of a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `admin-walk-${name}-${width}`);
    await expect
      .soft(
        page.evaluate(() => document.documentElement.scrollWidth),
        `${name} at ${width} px scrolls sideways`,
      )
      .resolves.toBeLessThanOrEqual(width);
    // Every admin section's link on screen (at 390 px 'Errors' used to sit past the edge of a sideways scroll).
    const sectionsOff = await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link')
      .evaluateAll((links, w) => links.filter((l) => l.getBoundingClientRect().left < 0 || l.getBoundingClientRect().right > w).map((l) => l.textContent), width);
    expect.soft(sectionsOff, `${name} at ${width} px: admin sections off screen`).toEqual([]);
    // The journey funnel's stage names clear of the stages (the first one used to sit on its slanted side).
    const namesOnStages = await page.evaluate(
      (stepNames) => {
        const stages = [...document.querySelectorAll('.recharts-funnel-trapezoid path')].map((path) => path.getBoundingClientRect());
        const bare = (text: string | null) => (text ?? '').replace(/\s/g, '');
        const names = [...document.querySelectorAll('svg text')].filter((text) => stepNames.includes(bare(text.textContent)));
        const on = names.filter((text) => {
          const r = text.getBoundingClientRect();
          return stages.some((s) => s.width > 0 && r.left < s.right && r.right > s.left && r.top < s.bottom && r.bottom > s.top);
        });
        // Where the funnel is drawn, all its names are found (the check is not passed by finding none).
        return { named: stages.length === 0 || names.length === stepNames.length, on: on.map((text) => text.textContent) };
      },
      Object.values(adminStatsTexts.stepLabels).map((label) => label.replace(/\s/g, '')),
    );
    expect.soft(namesOnStages, `${name} at ${width} px: funnel names on the stages`).toEqual({ named: true, on: [] });
    found[`${name} at ${width}`] = await seriousViolations(page, axeWithin);
  }
  await page.setViewportSize(viewport(1280));
};

describe("issue 31's acceptance walk", () => {
  // The server reads SMTP_URL when it starts: the smtp-server starts first (hooks run in their order).
  const env: Record<string, string> = { ADMIN_EMAILS: ADMIN };
  let smtp: SmtpTestServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const e2e = startAppAndBrowser({ env });

  // The walk's two tabs, open from the first step to the last.
  let admin: ApiClient;
  let member: ApiClient;
  let adminPage: Page;
  let memberPage: Page;
  const liveRows = () => adminPage.locator('[data-live-activity] tbody tr[data-row-id]');
  const liveText = async () => (await liveRows().allInnerTexts()).join('\n');
  const featureCard = (page: Page) => page.getByTestId(`feature-${FEATURE}`);

  it("shows the member's page views in the admin's open Live Activity within a second of their batch, without a reload", async () => {
    const base = e2e.server.url;
    [admin, member] = await Promise.all([signIn(base, ADMIN, ADMIN_NAME), signIn(base, `mira-walk-${Date.now()}@example.com`, MEMBER_NAME)]);
    ({ page: adminPage } = await openAs(e2e, admin, '/admin', viewport(1280), 'admin'));
    await adminPage.getByRole('tabpanel').getByRole('heading', { name: 'Live Activity' }).waitFor();
    await liveRows().first().waitFor();

    ({ page: memberPage } = await openAs(e2e, member, '/feed', viewport(1280), 'member'));
    const main = memberPage.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Search' }).click();
    await memberPage.waitForURL((url) => url.pathname === '/search');
    // The batch that carries the last view; an earlier one may have left on the 5 s timer already.
    const sent = memberPage.waitForResponse(
      (response) => response.url().endsWith('/api/analytics/events') && response.status() === 202 && /"\/coming-soon"/.test(response.request().postData() ?? ''),
      { timeout: 15_000 },
    );
    await main.getByRole('link', { name: 'Coming soon' }).click();
    await memberPage.waitForURL((url) => url.pathname === '/coming-soon');
    // The capture sends every 5 s of the tab's clock: run it on at once instead of waiting them out.
    await memberPage.clock.runFor(5_000);
    expect(((await (await sent).json()) as { stored: number }).stored).toBeGreaterThanOrEqual(1);
    const arrived = Date.now();

    const browsed = new RegExp(
      [
        `Navigation\\s+${MEMBER_NAME}\\s+/coming-soon\\s+from /search`,
        `Navigation\\s+${MEMBER_NAME}\\s+/search\\s+from /feed`,
        `Page view\\s+${MEMBER_NAME}\\s+/feed`,
      ].join('[\\s\\S]*'),
    );
    await expect.poll(liveText, { timeout: 1_000, interval: 50 }).toMatch(browsed);
    expect(Date.now() - arrived).toBeLessThan(1_000);
  });

  it('lets the member vote on a feature on /coming-soon and comment on it', async () => {
    const card = featureCard(memberPage);
    await expect.poll(() => card.getByTestId('vote-summary').textContent()).toBe('0% like it · 0 votes');
    await card.getByTestId('vote-like').click();
    await expect.poll(() => card.getByTestId('vote-like').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => card.getByTestId('vote-summary').textContent()).toBe('100% like it · 1 vote');

    await card.getByTestId('toggle-discussion').click();
    const input = card.getByTestId('comment-input');
    await input.fill('  I quote by the hour today: show me how  ');
    await card.getByRole('button', { name: 'Send comment' }).click();
    await card.getByTestId('feature-comments').getByText('I quote by the hour today: show me how').waitFor();
    await expect.poll(() => input.inputValue()).toBe('');

    const found: Record<string, string[]> = {};
    await look(memberPage, 'coming-soon-member', found);
    expectNothingFound(found);
  });

  it('shows /admin with each of its tabs, and follows a funnel drop-off to the User Inspector', async () => {
    const found: Record<string, string[]> = {};
    await adminPage.getByTestId('conversion-funnel').waitFor();
    for (const [index, tab] of (await adminPage.getByRole('tab').all()).entries()) {
      const key = (await tab.getAttribute('data-tab'))!;
      await tab.click();
      await adminPage.waitForURL((url) => (url.searchParams.get('tab') ?? 'activity') === key);
      await adminPage.getByRole('tabpanel').first().waitFor();
      // The inspector tab waits for its empty state, the others for their heading.
      await adminPage.getByRole('tabpanel').getByRole('heading').first().waitFor();
      // axe reads the whole page with the first tab; with the others, what changed (the tab list and the panel).
      await look(adminPage, `admin-tab-${key}`, found, index === 0 ? undefined : '[role=tablist], [role=tabpanel]');
    }
    expectNothingFound(found);

    // The member signed up and went no further: they are among those who stopped there.
    await adminPage.getByRole('tab', { name: 'Live Activity' }).click();
    await adminPage.getByTestId('journey-signedUp-stopped').click();
    const dialog = adminPage.getByRole('dialog', { name: `Stopped at: ${adminStatsTexts.stepLabels.signedUp}` });
    const mira = dialog.getByRole('link', { name: new RegExp(MEMBER_NAME) });
    await mira.waitFor();
    const dialogFound: Record<string, string[]> = {};
    await look(adminPage, 'admin-stopped', dialogFound);
    expectNothingFound(dialogFound);
    await mira.click();
    await adminPage.waitForURL((url) => url.pathname === '/admin/inspector' && url.searchParams.get('userId') === member.memberId);
    await adminPage.getByTestId('user-detail').getByRole('heading', { name: MEMBER_NAME }).waitFor();
  });

  it("searches /admin/users and opens the member's 'View Details' in the inspector", async () => {
    await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Users' }).click();
    await adminPage.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await adminPage.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill('mira-walk');
    const card = adminPage.getByRole('article', { name: MEMBER_NAME });
    await card.waitFor();
    await expect.poll(() => adminPage.getByTestId('admin-user-card').count()).toBe(1);
    await expect(card.textContent()).resolves.toContain(member.email);
    const found: Record<string, string[]> = {};
    await look(adminPage, 'admin-users', found);

    await card.getByRole('link', { name: `View details of ${MEMBER_NAME}` }).click();
    await adminPage.waitForURL((url) => url.pathname === '/admin/inspector' && url.searchParams.get('userId') === member.memberId);
    const detail = adminPage.getByTestId('user-detail');
    await detail.getByRole('heading', { name: MEMBER_NAME }).waitFor();
    await expect(detail.textContent()).resolves.toContain(member.email);
    // The member's vote and comment on /coming-soon are their activity (the admin-users read model is eventual).
    const timeline = adminPage.getByTestId('user-timeline');
    await expect.poll(() => timeline.textContent()).toContain('Feature vote cast');
    await expect(timeline.textContent()).resolves.toContain('Feature comment added');
    await look(adminPage, 'admin-inspector', found);
    expectNothingFound(found);
  });

  it("sends the test e-mail, which the SMTP server receives at the admin's address", async () => {
    await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Dashboard' }).click();
    await adminPage.getByTestId('conversion-funnel').waitFor();
    // The stopped members' list closed when the admin followed one of them: back on /admin, it stays shut
    // (it used to open again, modal, hiding the page from the test e-mail's button).
    expect(await adminPage.getByRole('dialog').count()).toBe(0);
    await adminPage.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    const before = smtp!.received.length;
    await adminPage.getByRole('button', { name: testEmailTexts.idle }).click();
    const outcome = adminPage.getByTestId('test-email');
    await outcome.getByRole('status').getByText(testEmailTexts.success).waitFor();
    await outcome.getByRole('button', { name: testEmailTexts.sent }).waitFor();
    // The admin waited for SMTP's answer: the message is there when the page says so.
    const mail = smtp!.received.slice(before);
    expect(mail.map((m) => m.to)).toEqual([[ADMIN]]);
    expect(mail[0]!.raw).toMatch(new RegExp(`^To: ${ADMIN.replace('.', '\\.')}$`, 'm'));
    expect(mail[0]!.raw).toContain(`Subject: ${TEST_EMAIL_SUBJECT}`);
    expect(mail[0]!.raw).toContain(`Hello ${ADMIN_NAME}`);
    // The outcome beside the button, at both widths, before it clears after 5 s.
    const found: Record<string, string[]> = {};
    await look(adminPage, 'admin-test-email', found);
    expectNothingFound(found);
  });

  it("sets the feature's status with a note, and the voter sees the notification live and on /notifications", async () => {
    const bell = memberPage.getByTestId('notification-bell');
    const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    const unreadBefore = await unread();

    await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Coming soon' }).click();
    const form = featureCard(adminPage).getByTestId('feature-status-form');
    await form.getByRole('combobox', { name: `Status of ${FEATURE_TITLE}` }).selectOption('started');
    await form.getByRole('textbox', { name: `Note to the voters of ${FEATURE_TITLE}` }).fill('A quote builder, in beta next month');
    await form.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Status saved').waitFor();
    await featureCard(adminPage).getByTestId('status-note').getByText('A quote builder, in beta next month').waitFor();
    const found: Record<string, string[]> = {};
    await look(adminPage, 'coming-soon-admin', found);

    // The voter's open page: the card's status and note, and the bell's count, without a reload.
    const card = featureCard(memberPage);
    await card.getByText('Started', { exact: true }).waitFor({ timeout: 5_000 });
    expect(await card.getByTestId('status-note').textContent()).toBe('A quote builder, in beta next month');
    await expect.poll(unread, { timeout: 5_000 }).toBe(unreadBefore + 1);
    await bell.click();
    const message = `${FEATURE_TITLE}, a feature you voted on, is now Started: A quote builder, in beta next month`;
    await memberPage.getByTestId('notification-item').filter({ hasText: message }).waitFor();
    await memberPage.keyboard.press('Escape');
    await look(memberPage, 'coming-soon-voter', found);
    await memberPage.goto(`${e2e.server.url}/notifications`);
    const row = memberPage.getByTestId('notification-row').filter({ hasText: 'Feature Update' });
    await row.waitFor();
    expect(await row.textContent()).toContain(message);
    expectNothingFound(found);
  });

  it('shows /admin/operations, the last admin page of the walk', async () => {
    await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await adminPage.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Operations' }).click();
    await adminPage.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
    await adminPage.getByTestId('followers-summary').waitFor();
    const found: Record<string, string[]> = {};
    await look(adminPage, 'admin-operations', found);
    expectNothingFound(found);
  });
});
