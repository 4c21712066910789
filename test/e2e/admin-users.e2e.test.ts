// Issue 31 points 6, 7: the admin searches /admin/users, opens 'View Details' into the User Inspector,
// and picks another member from the inspector's searchable dropdown; at 1280 and 390 px, axe clean.
import { describe, expect, it } from 'vitest';
import { adminUsersTexts } from '../../api/contracts/admin-users.js';
import { eventually } from '../support/assistant-fixtures.js';
import { signIn } from '../support/test-server.js';
import { startAppAndBrowser } from './support/app-and-browser.js';
import { newPage, screenshot, signInWithHint } from './support/browser.js';
import { seriousViolations } from './support/axe.js';

const ADMIN = 'ada-users@example.com';
const people = [
  ['Priya Patel', 'priya.patel@example.com'],
  ['Quentin Blake', 'quentin@drawings.example.org'],
  ['Rosa Parks', 'rosa@example.com'],
  ['Samir Haddad', 'samir.h@example.com'],
  ['Tomás Ortega', 'tomas@example.net'],
] as const;

describe('the admin users directory and inspector', () => {
  const e2e = startAppAndBrowser({ env: { ADMIN_EMAILS: ADMIN } });

  it("searches /admin/users, opens 'View Details' into the inspector, and picks another member there", async () => {
    const members = await Promise.all(people.map(([name, email]) => signIn(e2e.server.url, email, name)));
    const priya = members[0]!;
    expect((await priya.patch(`/api/users/${priya.memberId}`, { bio: 'Maths tutor', location: 'Leeds' })).status).toBe(200);

    for (const width of [1280, 390]) {
      const { context, page } = await newPage(e2e.browser, { width, height: width > 500 ? 900 : 844 });
      await signInWithHint(page, e2e.server.url, ADMIN, '/admin/users');
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      // The admin-users read model is eventual: the members appear once it has read their sign-ups.
      await eventually(async () => ((await page.getByTestId('admin-user-card').count()) >= people.length + 1 ? true : undefined), 15_000, 'the cards');
      await expect(page.getByTestId('user-stat-total-users').textContent()).resolves.toBe(String(people.length + 1));
      const adminCard = page.getByRole('article', { name: 'Ada' });
      await expect(adminCard.getByText('Admin', { exact: true }).isVisible()).resolves.toBe(true);

      await page.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill('PATEL');
      await eventually(async () => ((await page.getByTestId('admin-user-card').count()) === 1 ? true : undefined), 10_000, 'the search');
      const card = page.getByRole('article', { name: 'Priya Patel' });
      await expect(card.textContent()).resolves.toMatch(
        /priya\.patel@example\.com.*Leeds.*Joined .*No rating \(0 reviews\).*3 points.*Last active Just now.*0 sessions.*2 activities/,
      );
      await screenshot(page, `admin-users-search-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // By e-mail, and the filter: everyone here acted today, so Inactive shows the spec's empty text.
      await page.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill('drawings.example');
      await page.getByRole('article', { name: 'Quentin Blake' }).waitFor();
      await page.getByRole('radio', { name: 'Inactive' }).click();
      await page.getByText(adminUsersTexts.empty).waitFor();
      await page.getByRole('radio', { name: 'All' }).click();
      await page.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill('priya');
      await page.getByRole('article', { name: 'Priya Patel' }).getByRole('link', { name: 'View details of Priya Patel' }).click();

      await page.waitForURL((url) => url.pathname === '/admin/inspector' && url.searchParams.get('userId') === priya.memberId);
      const detail = page.getByTestId('user-detail');
      await detail.getByRole('heading', { name: 'Priya Patel' }).waitFor();
      await expect(detail.getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow')).resolves.toBe('50');
      await expect(page.getByTestId('user-timeline').textContent()).resolves.toContain('Profile details changed');
      await screenshot(page, `admin-inspector-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The dropdown: searchable, and a choice loads that member.
      await page.getByRole('button', { name: /Priya Patel \(priya\.patel@example\.com\)/ }).click();
      await page.getByRole('searchbox', { name: 'Search the users to inspect' }).fill('quentin');
      await eventually(async () => ((await page.getByTestId('user-picker-option').count()) === 1 ? true : undefined), 10_000, 'the picker search');
      await screenshot(page, `admin-inspector-picker-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('user-picker-option').click();
      await detail.getByRole('heading', { name: 'Quentin Blake' }).waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it('shows the empty state with no member chosen and the failure state for one that does not exist', async () => {
    const { context, page } = await newPage(e2e.browser, { width: 1280, height: 900 });
    await signInWithHint(page, e2e.server.url, ADMIN, '/admin/inspector');
    await page.getByRole('heading', { name: adminUsersTexts.noSelection }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${e2e.server.url}/admin/inspector?userId=nobody`);
    await page.getByRole('alert').filter({ hasText: adminUsersTexts.detailFailed }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain(adminUsersTexts.userNotFound);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
