// Issue 33 points 4 and 6 in Chromium: an admin corrects a member's points from the User Inspector with a
// reason, and the member, whose points history is open, sees the entry arrive without a reload; then the admin
// rebuilds a read model from /admin/operations, follows its progress bar, and a member books a session
// meanwhile without waiting for it. The rebuild is made slow by its workload (each batch of the admin-users
// read model costs 200 ms while `slow.on`, 5 events a batch over a seeded log), never by a wait in the test.
import { afterEach, describe, expect, it } from 'vitest';
import { correctionTexts } from '../../api/contracts/admin-corrections.js';
import { followerControlTexts } from '../../api/contracts/admin-operations.js';
import { adminUsersProjector } from '../../projections/admin-users/projector.js';
import { allProjectors } from '../../projections/all-projectors.js';
import type { Projector } from '../../projections/types.js';
import { seedHistory } from '../projections/support/seed.js';
import { becomeMentor, bookingBody } from '../support/session-fixtures.js';
import { signIn, type ApiClient } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { lookAtBothWidths, viewportOf } from './support/look.js';
import { expectNothingFound } from './support/axe.js';

const ADMIN = 'lena-ledger@example.com';
const viewport = viewportOf;
const slow = { on: false };
const slowAdminUsers: Projector = {
  ...adminUsersProjector,
  async apply(db, events) {
    if (slow.on) await new Promise((resolve) => setTimeout(resolve, 200));
    return adminUsersProjector.apply(db, events);
  },
};

describe("the admin's corrections and rebuilds", () => {
  const e2e = startAppAndBrowser({
    env: { ADMIN_EMAILS: ADMIN },
    projectors: allProjectors.map((p) => (p.name === slowAdminUsers.name ? slowAdminUsers : p)),
    rebuildBatchSize: 5,
    beforeRuntime: async ({ store }) => {
      await seedHistory(store, { members: 20, sessionsPerMember: 3 });
    },
  });
  const found: Record<string, string[]> = {};
  let admin: ApiClient;
  let member: ApiClient;
  afterEach(() => {
    slow.on = false;
  });

  it("corrects a member's points with a reason, and the member sees the entry in their open points history", async () => {
    const base = e2e.server.url;
    [admin, member] = await Promise.all([signIn(base, ADMIN, 'Lena Ledger'), signIn(base, `milo-ledger-${Date.now()}@example.com`, 'Milo Ledger')]);
    const { page: memberPage } = await openAs(e2e, member, '/feed', viewport(390), 'member');
    await memberPage.getByTestId('points-chip').click();
    const history = memberPage.getByTestId('points-history');
    await history.locator('[data-transaction-type=welcome]').waitFor();
    await lookAtBothWidths(memberPage, 'admin-ledger-points-history', 'points-history', found);

    const { page: adminPage } = await openAs(e2e, admin, `/admin/inspector?userId=${member.memberId}`, viewport(1280), 'admin');
    const form = adminPage.getByTestId('balance-correction');
    await form.getByLabel(correctionTexts.amountLabel).fill('5');
    await form.getByRole('button', { name: correctionTexts.submit }).click();
    // The reason is required: the form says so and sends nothing.
    await form.getByText(correctionTexts.reasonRequired).waitFor();
    await form.getByLabel(correctionTexts.reasonLabel).fill('Mentor did not show up on 12 Nov');
    await form.getByRole('button', { name: correctionTexts.submit }).click();
    await adminPage.getByText(`${correctionTexts.done}: Milo Ledger has 8 points available`).waitFor();
    await lookAtBothWidths(adminPage, 'admin-ledger-inspector', 'inspector', found);

    // No reload: the ledger's notice brings the entry into the open history, and the chip's figure.
    const entry = history.locator('[data-transaction-type=correction]');
    await entry.waitFor();
    expect(await entry.innerText()).toContain('Mentor did not show up on 12 Nov');
    expect(await entry.innerText()).toContain('+5');
    await expect.poll(() => memberPage.getByTestId('points-chip').innerText()).toMatch(/^8/);
  });

  it('rebuilds a read model from /admin/operations with a progress bar while a member books a session', async () => {
    const base = e2e.server.url;
    const mentor = await signIn(base, `mia-ledger-${Date.now()}@example.com`, 'Mia Mentor');
    const skillId = await becomeMentor(mentor);
    const { page } = await openAs(e2e, admin, '/admin/operations', viewport(1280), 'admin');
    const row = page.locator('tr[data-follower="admin-users"]');
    await row.waitFor();
    slow.on = true;
    await row.getByRole('button', { name: followerControlTexts.rebuild }).click();
    await page.getByLabel(followerControlTexts.reasonLabel).fill('Checking the operations page');
    await page.getByTestId('confirm-rebuild').click();
    const bar = row.getByRole('progressbar', { name: 'Rebuild of admin-users' });
    await bar.waitFor();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await lookAtBothWidths(page, 'admin-ledger-operations-rebuilding', 'operations-rebuilding', found);

    // A booking while the rebuild runs: answered at once, its session on the member's list.
    const started = Date.now();
    const booked = await member.post('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-08', time: '11:00' }));
    expect(booked.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await bar.isVisible()).toBe(true);

    slow.on = false;
    await bar.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => row.locator('td').nth(1).innerText()).toBe('live');
    expectNothingFound(found);
  });
});
