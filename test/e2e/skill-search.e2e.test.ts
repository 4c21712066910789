// Skill search in two browsers (issue 21 point 3): a mentor creates a skill in the 'Create New Skill'
// modal of /search (the modal holds points to 1..10) and sees 'View My Profile' on their own card; a
// student finds it with a typo in the query, filters it in and out, clears the filters, likes it, sees the
// Message button's chat link, and books it from the card ('Request Session' -> the booking page).
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createSkillPointsText } from '../../api/contracts/skill-search.js';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { screenshotDir, submitDevSignInForm } from './support/browser.js';

const MONDAY_0800 = '2026-12-07T08:00:00.000Z';

describe('skill search', () => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800 });
  const contexts: BrowserContext[] = [];

  const shot = async (page: Page, name: string) => {
    mkdirSync(screenshotDir, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${screenshotDir}/skill-search-${name}.png`, fullPage: true });
  };

  const signUp = async (name: string, width = 1280): Promise<Page> => {
    const { context, page } = await newPageOnServerClock(e2e, { width, height: 900 }, `browser ${name}`);
    contexts.push(context);
    await page.goto(`${e2e.server.url}/search`);
    await submitDevSignInForm(page, { email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`, name });
    await page.waitForURL((url) => url.pathname === '/search');
    return page;
  };
  const memberId = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { id: string }).id);
  const cards = (page: Page) => page.getByTestId('skill-card');

  it('creates a skill, finds it through a typo, filters it, likes it and books it from its card', async () => {
    const mentor = await signUp('Bea Mentor');
    const mentorId = await memberId(mentor);
    await mentor.getByRole('heading', { name: 'Find Skills to Learn', level: 1 }).waitFor();
    // Weekday availability, so the card's booking has slots.
    await mentor.evaluate(async () => {
      const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
      const me = (await (await fetch('/api/user')).json()) as { id: string };
      await fetch(`/api/users/${me.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ timeZone: 'UTC', availability: days.map((day) => ({ day, startTime: '09:00', endTime: '17:00' })) }),
      });
    });

    await mentor.getByRole('button', { name: 'Create New Skill' }).click();
    const modal = mentor.getByRole('dialog', { name: 'Create New Skill' });
    await modal.waitFor();
    await modal.getByLabel('Skill name').fill('Python');
    await modal.getByLabel('Description').fill('Scripts, data pipelines and tests, from the first line.');
    await modal.getByLabel('Category').selectOption('Development');
    await modal.getByLabel('Level').selectOption('advanced');
    await modal.getByLabel('Points per hour').fill('11');
    await modal.getByRole('button', { name: 'Create Skill' }).click();
    await modal.getByText(createSkillPointsText).waitFor();
    await shot(mentor, 'create-skill-modal');
    await modal.getByLabel('Points per hour').fill('2');
    await modal.getByRole('button', { name: 'Create Skill' }).click();
    await mentor.getByText('Skill added successfully!').waitFor();
    await modal.waitFor({ state: 'detached' });
    // Their own card: 'View My Profile', no Message and no Request Session.
    const own = cards(mentor).filter({ hasText: 'Python' });
    await own.getByRole('link', { name: 'View My Profile' }).waitFor();
    await expect(own.getByRole('link', { name: /Message/ }).count()).resolves.toBe(0);
    await expect(own.getByRole('link', { name: 'Request Session' }).count()).resolves.toBe(0);

    const student = await signUp('Sam Student');
    await cards(student).first().waitFor();
    // While a search is on its way the page says so: skeleton cards, or (results already shown) those results
    // dimmed and the list busy. The answer is held until it does.
    let releaseSearch = () => {};
    const searchHeld = new Promise<void>((resolve) => (releaseSearch = resolve));
    await student.route('**/api/skill-search?*', async (route) => {
      await searchHeld;
      await route.continue();
    });
    await student.getByRole('searchbox', { name: 'Search skills, descriptions or mentors' }).fill('Pyhton');
    await student.getByTestId('skill-skeleton').or(student.locator('[aria-busy=true]')).first().waitFor();
    releaseSearch();
    // Once the held handler has passed its request on: unrouting under it would hand the request on twice.
    await student.unrouteAll({ behavior: 'wait' });
    const card = cards(student).filter({ hasText: 'Python' });
    await card.waitFor();
    await expect(cards(student).count()).resolves.toBe(1);
    await student.getByTestId('results-count').filter({ hasText: '1 result' }).waitFor();
    await expect(card.getByText('Bea Mentor').isVisible()).resolves.toBe(true);
    await expect(card.getByTestId('skill-points').textContent()).resolves.toBe('2 points/hour');
    await expect(card.getByText('Advanced').isVisible()).resolves.toBe(true);
    await expect(card.getByRole('link', { name: 'Message Bea Mentor' }).getAttribute('href')).resolves.toBe(`/search?chat=${mentorId}`);

    // Filters: a level it is not, then a rating it has not (no reviews yet), then back.
    await student.getByLabel('Level').selectOption('beginner');
    await student.getByText('No results found').waitFor();
    await shot(student, 'no-results');
    await student.getByLabel('Level').selectOption('advanced');
    await card.waitFor();
    await student.getByLabel('Minimum rating').selectOption('4');
    await student.getByText('No results found').waitFor();
    await student.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(student.getByRole('searchbox').inputValue()).resolves.toBe('');
    await expect(student.getByLabel('Minimum rating').inputValue()).resolves.toBe('0');
    await student.getByLabel('Category').selectOption('Development');
    await student.getByRole('searchbox').fill('pyhton');
    await card.waitFor();

    // The like button: ignored while its like is on the way (spec 001 §5), then the new status.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await student.route('**/api/skills/*/like', async (route) => {
      await held;
      await route.continue();
    });
    await card.getByRole('button', { name: /^Like Python/ }).click();
    await card.getByRole('button', { name: /^Like Python/, disabled: true }).waitFor();
    release();
    await card.getByRole('button', { name: 'Unlike Python (1 like)' }).waitFor();
    await expect(card.getByRole('button', { name: /Unlike Python/ }).isEnabled()).resolves.toBe(true);
    await student.unroute('**/api/skills/*/like');
    await expect(card.getByRole('button', { name: /Unlike Python/ }).getAttribute('aria-pressed')).resolves.toBe('true');
    await shot(student, 'results-1280');

    // Booking from the card.
    await card.getByRole('link', { name: 'Request Session' }).click();
    await student.waitForURL((url) => url.pathname.startsWith(`/book/${mentorId}/`));
    await student.getByTestId('booking-skill-name').filter({ hasText: 'Python' }).waitFor();
    await student.selectOption('[data-testid=booking-date]', '2026-12-07');
    await student.selectOption('[data-testid=booking-time]', '09:00');
    await student.getByTestId('send-request').click();
    await student.getByTestId('session-initiated').waitFor();
    const sessions = await student.evaluate(async () => {
      const me = (await (await fetch('/api/user')).json()) as { id: string };
      return (await (await fetch(`/api/users/${me.id}/sessions`)).json()) as { skill_name: string; status: string }[];
    });
    expect(sessions).toEqual([expect.objectContaining({ skill_name: 'Python', status: 'requested' })]);

    // The page on a phone.
    const phone = await signUp('Pat Phone', 390);
    await phone.getByRole('searchbox').fill('bea mentr');
    await cards(phone).filter({ hasText: 'Python' }).waitFor();
    const { scrollWidth, innerWidth } = await phone.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await shot(phone, 'results-390');
    for (const context of contexts) await context.close();
  });
});
