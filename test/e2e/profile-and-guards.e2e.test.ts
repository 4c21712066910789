import { describe, expect, it } from 'vitest';
import { startAppAndBrowser } from './support/app-and-browser.js';
import { newPage, screenshot, signInWithHint, submitDevSignInForm, uniqueEmail } from './support/browser.js';

describe('the profile page and the route guards', () => {
  const e2e = startAppAndBrowser();

  it('lets a member add a skill with the spec’s validation texts, edit their profile, and keeps it after a reload', async () => {
    const { page, context } = await newPage(e2e.browser, { width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/profile`);
    await submitDevSignInForm(page, { email: uniqueEmail('editor'), name: 'Alan Turing' });
    await page.waitForURL((url) => url.pathname === '/profile');

    await page.getByRole('button', { name: 'Add skill' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add skill' }).click();
    await expect(dialog.getByText('Please enter a skill name').isVisible()).resolves.toBe(true);
    await expect(dialog.getByText('Please enter a description for this skill').isVisible()).resolves.toBe(true);
    await expect(page.locator('#skill-points').inputValue()).resolves.toBe('1');
    await page.fill('#skill-name', 'Cryptanalysis');
    await page.fill('#skill-description', 'Breaking ciphers with statistics.');
    await page.fill('#skill-points', '4');
    await dialog.getByRole('button', { name: 'Add skill' }).click();
    await page.getByText('Skill added successfully!').waitFor();
    await expect(page.getByTestId('skills-taught').textContent()).resolves.toContain('Cryptanalysis');

    await page.getByTestId('edit-profile').click();
    await page.fill('#profile-location', 'Manchester');
    await page.fill('[aria-label="Skill to learn"]', 'Biology');
    await page.keyboard.press('Enter');
    await page.fill('[aria-label="Skill to learn"]', 'biology');
    await page.keyboard.press('Enter');
    for (const day of ['Monday', 'Tuesday', 'Wednesday']) {
      await page.selectOption('#availability-day', day);
      await page.click('form[aria-label="Add availability"] button[type=submit]');
    }
    // The same day and start time again is ignored.
    await page.click('form[aria-label="Add availability"] button[type=submit]');
    await page.getByTestId('save-profile').click();
    await page.getByTestId('edit-profile').waitFor();

    await page.reload();
    await page.getByTestId('profile-location').waitFor();
    await expect(page.getByTestId('profile-location').textContent()).resolves.toContain('Manchester');
    await expect(page.getByTestId('skills-to-learn').locator('li').allTextContents()).resolves.toEqual(['Biology']);
    await expect(page.getByTestId('availability-list').locator('li').count()).resolves.toBe(3);
    await expect(page.getByTestId('schedule-summary').textContent()).resolves.toMatch(/24 hours.*moderate/);
    await screenshot(page, 'e2e-profile-mobile');
    await context.close();
  });

  it('sends visitors to sign in, non-admins away from admin pages and unknown paths home', async () => {
    const visitor = await newPage(e2e.browser);
    await visitor.page.goto(`${e2e.server.url}/dashboard`);
    await visitor.page.waitForURL((url) => url.pathname === '/oidc/auth' || url.pathname.startsWith('/oidc/'));
    await visitor.page.goto(`${e2e.server.url}/auth-error?message=${encodeURIComponent('Sign-in was cancelled.')}`);
    await expect(visitor.page.getByTestId('auth-error-message').textContent()).resolves.toBe('Sign-in was cancelled.');
    await visitor.context.close();

    const member = await newPage(e2e.browser);
    await signInWithHint(member.page, e2e.server.url, uniqueEmail('member'), '/feed');
    await member.page.goto(`${e2e.server.url}/admin/errors`);
    await member.page.waitForURL((url) => url.pathname === '/feed');
    await member.page.goto(`${e2e.server.url}/no/such/page`);
    await member.page.waitForURL((url) => url.pathname === '/feed');
    await member.page.getByRole('heading', { name: 'Community Feed', level: 1 }).waitFor();
    await member.context.close();
  });
});
