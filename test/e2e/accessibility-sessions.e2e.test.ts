// Accessibility of the sessions' screens (issue 19 point 17 and its acceptance): axe finds no serious or
// critical violation on the mentor's and the mentee's dashboards and every dialog of spec 000 (reject,
// propose reschedule, smart calendar with its cancel, decline countdown, cancel request, feedback), the
// notifications dropdown and page, the profile menu, the profile pages with the edit form and add skill,
// and the booking page with its two popups, at 1280 and at 390 px. The other screens:
// accessibility.e2e.test.ts (two files, so the e2e tier's two workers share them).
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startAccessibilityChecks } from './support/accessibility-checks.js';
import { A11Y_WIDTHS, DIALOG } from './support/axe.js';

describe("accessibility of the sessions' screens", () => {
  const a11y = startAccessibilityChecks();
  const { e2e, open, check } = a11y;
  const card = (page: Page, id: string) => page.locator(`[data-session-id="${id}"]`);

  // One test per width: each is a long walk, and the two widths share nothing.
  for (const width of A11Y_WIDTHS) {
    it(`finds nothing serious on the mentor's dashboard and its dialogs at ${width} px`, async () => {
      const { mia, ids } = a11y.seeded;
      const { context, page } = await open(mia, '/dashboard', width);
      await card(page, ids.request).getByTestId('action-required').waitFor();
      await page.getByTestId('activity-summary').waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `dashboard ${width}`);

      await card(page, ids.request).getByTestId('reject-session').click();
      await page.getByLabel('Reason').waitFor();
      await check(page, `reject dialog ${width}`, DIALOG);
      await page.keyboard.press('Escape');

      await page.getByTestId('tab-upcoming').click();
      await card(page, ids.upcoming).getByTestId('reschedule').click();
      await page.getByTestId('submit-proposal').click();
      await page.getByTestId('proposal-error').waitFor();
      await check(page, `propose reschedule dialog ${width}`, DIALOG);
      await page.keyboard.press('Escape');

      await card(page, ids.upcoming).getByTestId('open-smart-calendar').click();
      await page.getByRole('button', { name: /Wednesday, December 9/ }).click();
      await page.getByRole('button', { name: /^2:00 PM: / }).click();
      await page.getByTestId('calendar-selection').waitFor();
      await page.getByTestId('calendar-cancel-session').click();
      await page.getByText('Please give a reason for cancelling').waitFor();
      await check(page, `smart calendar and cancel dialog ${width}`, DIALOG);
      await page.keyboard.press('Escape');

      await card(page, ids.proposal).scrollIntoViewIfNeeded();
      await card(page, ids.proposal).getByTestId('decline-modification').click();
      await page.getByTestId('decline-countdown').waitFor();
      await check(page, `decline countdown dialog ${width}`, DIALOG);
      await page.getByRole('button', { name: 'Keep request' }).click();

      await page.getByTestId('open-feedback').click();
      await page.getByTestId('feedback-message').fill('   ');
      await page.getByTestId('send-feedback').click();
      await page.getByText('Please enter your feedback before sending.').waitFor();
      await check(page, `feedback dialog ${width}`, DIALOG);
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
      a11y.expectNothingFound();
    });
  }

  // One test per width: each is a long walk, and the two widths share nothing.
  for (const width of A11Y_WIDTHS) {
    it(`finds nothing serious on a mentee's dashboard, the booking page and its popups, and the profiles at ${width} px`, async () => {
      const { mia, sam, leo, skillId, ids } = a11y.seeded;
      const mentee = await open(sam, '/dashboard', width);
      await card(mentee.page, ids.request).getByTestId('cancel-request').click();
      // The dialog's own button: the card's is there already, and the dialog loads when first opened.
      await mentee.page.locator(DIALOG).getByRole('button', { name: 'Cancel Request' }).waitFor();
      await check(mentee.page, `cancel request dialog ${width}`, DIALOG);
      await mentee.page.keyboard.press('Escape');

      await mentee.page.goto(`${e2e.server.url}/profile/${mia.memberId}`);
      await mentee.page.getByTestId('active-session').first().waitFor();
      await mentee.page.waitForLoadState('networkidle');
      await check(mentee.page, `member profile ${width}`);
      await mentee.page.getByTestId('cancel-active-session').first().click();
      await mentee.page.getByRole('button', { name: 'Cancel Request' }).last().waitFor();
      await check(mentee.page, `profile cancel request dialog ${width}`, DIALOG);
      await mentee.page.keyboard.press('Escape');
      await mentee.context.close();

      const booker = await open(leo, `/book/${mia.memberId}/${skillId}`, width);
      await booker.page.getByTestId('booking-panel').waitFor();
      await booker.page.waitForLoadState('networkidle');
      await check(booker.page, `booking page ${width}`);
      await booker.page.getByTestId('send-request').click();
      await booker.page.getByTestId('selection-required').waitFor();
      await check(booker.page, `selection required popup ${width}`, DIALOG);
      await booker.page.getByRole('button', { name: 'OK' }).click();
      await booker.page.selectOption('[data-testid=booking-date]', width === 1280 ? '2026-12-14' : '2026-12-15');
      await booker.page.selectOption('[data-testid=booking-time]', '09:00');
      await booker.page.getByTestId('send-request').click();
      await booker.page.getByTestId('session-initiated').waitFor();
      await check(booker.page, `session initiated popup ${width}`, DIALOG);

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
      await check(booker.page, `add skill dialog ${width}`, DIALOG);
      await booker.page.keyboard.press('Escape');
      await booker.context.close();
      a11y.expectNothingFound();
    });
  }

  it("finds nothing serious on the mentor's notifications page", async () => {
    for (const width of A11Y_WIDTHS) {
      const { context, page } = await open(a11y.seeded.mia, '/notifications', width);
      await page.getByTestId('notification-row').first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `notifications ${width}`);
      await context.close();
    }
    a11y.expectNothingFound();
  });
});
