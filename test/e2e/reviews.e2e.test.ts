// Issue 21 point 4 in Chromium: another member opens Mia's reviews from her profile, sees the overview
// (3.8 in blue, 5 reviews, a bar per star), filters by a star and back, sorts four ways and reads the
// cards; a member without reviews shows 'No reviews yet', an unknown id 'User not found'. Screenshots
// at 1280 and 390 px go to test-results/.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MONDAY_0800 } from '../support/session-fixtures.js';
import { REVIEWS, seedReviews, type SeededReviews } from '../support/review-fixtures.js';
import { newPageOnServerClock, startAppAndBrowser } from './support/app-and-browser.js';
import { screenshot, signInWithHint } from './support/browser.js';

describe('the reviews page', () => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800 });
  let seeded: SeededReviews;

  const cardRatings = (page: Page) => page.getByTestId('review-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-rating'))));
  const cardTexts = (page: Page) => page.getByTestId('review-text').allTextContents();

  it('filters by a star, clears it, and sorts newest, oldest, highest and lowest', async () => {
    seeded = await seedReviews(e2e.server);
    const { mia, leo } = seeded;
    const { context, page } = await newPageOnServerClock(e2e, { width: 1280, height: 900 });
    await signInWithHint(page, e2e.server.url, leo.email, `/profile/${mia.memberId}`);
    await page.getByRole('link', { name: 'See all reviews' }).click();
    await page.waitForURL(`**/reviews/${mia.memberId}`);
    await expect(page.getByTestId('reviews-title').textContent()).resolves.toBe("Mia Chen's Reviews");
    await expect(page.title()).resolves.toBe("Mia Chen's Reviews · SkillSwap");
    const average = page.getByTestId('average-rating');
    await expect(average.textContent()).resolves.toBe('3.8');
    await expect(average.getAttribute('data-tone')).resolves.toBe('blue');
    await expect(page.getByTestId('review-count').textContent()).resolves.toBe('5 reviews');
    await expect(page.getByTestId('star-filter-5').getAttribute('aria-label')).resolves.toBe('5 stars: 2 reviews');
    await expect(page.getByTestId('star-filter-1').getAttribute('aria-label')).resolves.toBe('1 star: 0 reviews');

    // Newest first by default: the 14:00 session, then back to 09:00.
    await expect(cardTexts(page)).resolves.toEqual([...REVIEWS].reverse().map((r) => r.review ?? 'No written review.'));
    const first = page.getByTestId('review-card').first();
    await expect(first.getByTestId('review-skill').textContent()).resolves.toBe('TypeScript Generics');
    await expect(first.textContent()).resolves.toMatch(/Nia Okafor.*Clear, patient and practical\..*Dec 7, 2026.*2:00\s?PM.*Advanced.*1 hour/);
    const figma = page.getByTestId('review-card').filter({ hasText: 'Good intro' });
    await expect(figma.textContent()).resolves.toMatch(/Figma Basics.*10:00\s?AM.*Beginner.*1\.5 hours/);
    await expect(page.getByTestId('review-card').filter({ hasText: 'No written review.' }).textContent()).resolves.toMatch(/45 minutes/);
    await screenshot(page, 'reviews-1280');

    await page.getByTestId('star-filter-5').click();
    await expect(page.getByTestId('star-filter-5').getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByTestId('shown-count').filter({ hasText: '2 of 5 reviews' }).waitFor();
    await expect(cardRatings(page)).resolves.toEqual([5, 5]);
    await page.getByTestId('star-filter-5').click();
    await page.getByTestId('shown-count').filter({ hasText: 'All 5 reviews' }).waitFor();
    await expect(page.getByTestId('star-filter-5').getAttribute('aria-pressed')).resolves.toBe('false');

    await page.getByTestId('star-filter-2').click();
    await expect(cardTexts(page)).resolves.toEqual(['We ran out of time before auto layout.']);
    await page.getByTestId('star-filter-1').click();
    await page.getByText('No reviews match this filter').waitFor();
    await screenshot(page, 'reviews-no-match-1280');
    await page.getByRole('button', { name: 'Show all reviews' }).click();
    await page.getByTestId('shown-count').filter({ hasText: 'All 5 reviews' }).waitFor();

    await page.selectOption('[data-testid=sort-reviews]', { label: 'Oldest First' });
    await expect(cardTexts(page)).resolves.toEqual(REVIEWS.map((r) => r.review ?? 'No written review.'));
    await page.selectOption('[data-testid=sort-reviews]', { label: 'Highest Rating' });
    await expect(cardRatings(page)).resolves.toEqual([5, 5, 4, 3, 2]);
    await expect((await cardTexts(page))[0]).toBe('Clear, patient and practical.');
    await page.selectOption('[data-testid=sort-reviews]', { label: 'Lowest Rating' });
    await expect(cardRatings(page)).resolves.toEqual([2, 3, 4, 5, 5]);
    // A filter and a sort together.
    await page.getByTestId('star-filter-5').click();
    await expect(cardTexts(page)).resolves.toEqual(['Clear, patient and practical.', 'Mia explained conditional types brilliantly.']);

    // Back goes where the member came from.
    await page.getByTestId('reviews-back').click();
    await page.waitForURL(`**/profile/${mia.memberId}`);
    await context.close();
  });

  it("shows 'No reviews yet', 'User not found' and the loaded page at 390 px without sideways scroll", async () => {
    const { mia, leo } = seeded;
    for (const width of [1280, 390]) {
      const { context, page } = await newPageOnServerClock(e2e, { width, height: width > 500 ? 900 : 844 });
      await signInWithHint(page, e2e.server.url, mia.email, `/reviews/${leo.memberId}`);
      await page.getByText('No reviews yet').waitFor();
      await expect(page.getByTestId('reviews-title').textContent()).resolves.toBe("Leo Park's Reviews");
      await screenshot(page, `reviews-empty-${width}`);

      await page.goto(`${e2e.server.url}/reviews/no-such-member`);
      await page.getByText('User not found').waitFor();
      await screenshot(page, `reviews-not-found-${width}`);

      await page.goto(`${e2e.server.url}/reviews/${mia.memberId}`);
      await page.getByTestId('review-card').nth(4).waitFor();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      if (width === 390) await screenshot(page, 'reviews-390');
      await context.close();
    }
  });
});
