// Accessibility (issue 19 point 17 and its acceptance): axe finds no serious or critical violation on
// the landing page with its menu, the feed with its comments, composer and edit dialog, the skill search
// with its Create New Skill modal, the Messages dropdown and a chat window, the reviews page in its states
// and the crop dialog, at 1280 and at 390 px. The sessions' screens and dialogs:
// accessibility-sessions.e2e.test.ts.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { seedReviews } from '../support/review-fixtures.js';
import { startAccessibilityChecks } from './support/accessibility-checks.js';
import { A11Y_WIDTHS, DIALOG } from './support/axe.js';

describe('accessibility', () => {
  const a11y = startAccessibilityChecks();
  const { e2e, open, check } = a11y;

  it('finds nothing serious on the landing page and the public pages', async () => {
    for (const width of A11Y_WIDTHS) {
      const { context, page } = await open(null, '/', width);
      await page.getByRole('heading', { name: /Teach what you know/ }).waitFor();
      await check(page, `landing ${width}`);
      if (width === 390) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await check(page, 'landing menu 390');
      }
      await context.close();
    }
    a11y.expectNothingFound();
  });

  it('finds nothing serious on the feed, its comments, the composer with its suggestions and the edit dialog', async () => {
    const { mia, sam } = a11y.seeded;
    const created = await mia.post('/api/feed-posts', {
      content: 'Who knows #Kubernetes well? @Sam Patel I saw your talk. Notes: https://example.com/k8s',
      category: 'development',
      urgency: 'high',
    });
    expect(created.status).toBe(201);
    const postId = (created.body as { post: { id: string } }).post.id;
    const reply = await sam.post('/api/comments', { post_id: postId, content: 'Happy to help, I run clusters at work.' });
    expect(reply.status).toBe(201);
    for (const width of A11Y_WIDTHS) {
      const { context, page } = await open(mia, '/feed', width);
      const post = page.locator(`[data-post-id="${postId}"]`);
      await post.getByTestId('toggle-comments').click();
      await post.getByTestId('comment').first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `feed with comments ${width}`);

      await page.getByTestId('create-post').click();
      const composer = page.getByRole('dialog', { name: 'Share your learning need' });
      await composer.getByTestId('composer-content').pressSequentially('Ask @S');
      await composer.getByRole('listbox').waitFor();
      await check(page, `composer with suggestions ${width}`, DIALOG);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await composer.waitFor({ state: 'detached' });

      await post.getByTestId('post-menu').click();
      await page.getByRole('menuitem', { name: 'Edit post' }).click();
      await page.getByRole('dialog', { name: 'Edit Post' }).waitFor();
      await check(page, `edit post dialog ${width}`, DIALOG);
      await page.keyboard.press('Escape');
      await context.close();
    }
    a11y.expectNothingFound();
  });

  it('finds nothing serious on the skill search page, its empty state and the Create New Skill modal', async () => {
    const { sam } = a11y.seeded;
    for (const width of A11Y_WIDTHS) {
      const { context, page } = await open(sam, '/search', width);
      await page.getByTestId('skill-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `skill search ${width}`);
      await page.getByRole('searchbox').fill('no skill is called this');
      await page.getByText('No results found').waitFor();
      await check(page, `skill search no results ${width}`);
      await page.getByRole('button', { name: 'Create New Skill' }).click();
      await page.getByRole('dialog', { name: 'Create New Skill' }).getByRole('button', { name: 'Create Skill' }).click();
      await page.getByText('Please enter a skill name').waitFor();
      await check(page, `create skill dialog ${width}`, DIALOG);
      await page.keyboard.press('Escape');
      await context.close();
    }
    a11y.expectNothingFound();
  });

  it('finds nothing serious in the Messages dropdown and a chat window', async () => {
    const { mia, sam } = a11y.seeded;
    const started = await mia.post('/api/conversations', { participant1_id: mia.memberId, participant2_id: sam.memberId });
    expect((await mia.post('/api/messages', { conversation_id: started.body.conversation.id, content: 'Are you free on Thursday?' })).status).toBe(201);
    for (const width of A11Y_WIDTHS) {
      const { context, page } = await open(sam, '/feed', width);
      await page.goto(`${e2e.server.url}/feed?chat=${mia.memberId}`);
      await page
        .getByRole('region', { name: /^Chat with / })
        .getByText('Are you free on Thursday?')
        .waitFor();
      await check(page, `chat window ${width}`, '[data-testid=chat-window]');
      await page.getByTestId('messages-menu').click();
      await page.getByTestId('conversation-item').first().waitFor();
      await page.getByTestId('start-conversation-item').first().waitFor();
      await check(page, `messages dropdown ${width}`, '[data-radix-popper-content-wrapper]');
      await context.close();
    }
    a11y.expectNothingFound();
  });

  // Last: seeding reviews moves the server's clock past Monday's sessions.
  it('finds nothing serious on the reviews page (with reviews, filtered, empty, not found) and the crop dialog', async () => {
    const reviews = await seedReviews(e2e.server, 'a11y-');
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    for (const width of A11Y_WIDTHS) {
      const { context, page } = await open(reviews.leo, `/reviews/${reviews.mia.memberId}`, width);
      await page.getByTestId('review-card').nth(4).waitFor();
      await check(page, `reviews ${width}`);
      await page.getByTestId('star-filter-1').click();
      await page.getByText('No reviews match this filter').waitFor();
      await check(page, `reviews filtered to nothing ${width}`);
      await page.goto(`${e2e.server.url}/reviews/${reviews.leo.memberId}`);
      await page.getByText('No reviews yet').waitFor();
      await check(page, `reviews empty ${width}`);
      await page.goto(`${e2e.server.url}/reviews/no-such-member`);
      await page.getByText('User not found').waitFor();
      await check(page, `reviews not found ${width}`);

      await page.goto(`${e2e.server.url}/profile`);
      await page.getByTestId('picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
      await page.getByRole('dialog', { name: 'Adjust Profile Picture' }).locator('.reactEasyCrop_CropAreaRound').waitFor();
      await check(page, `crop dialog ${width}`, DIALOG);
      await page.keyboard.press('Escape');
      await context.close();
    }
    a11y.expectNothingFound();
  });
});
