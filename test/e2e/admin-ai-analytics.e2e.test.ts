// Issue 32 point 4 in Chromium: the AI Analytics tab empty ('No AI analytics data available'), then
// moving live over /ws while a member asks The S brain (a real chat-completions server: two answers and
// an HTTP 500) and votes on an answer: the four cards, the feedback section and the recent invocations,
// at 1280 and 390 px, axe clean.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiAnalyticsTexts } from '../../api/contracts/admin-ai-analytics.js';
import { anImage, endedRequest } from '../support/assistant-fixtures.js';
import { startOpenAiCompatibleServer, type FakeBehaviour, type OpenAiCompatibleServer } from '../support/openai-compatible-server.js';
import { signIn, type ApiClient } from '../support/test-server.js';
import { openAs, startAppAndBrowser } from './support/app-and-browser.js';
import { seriousViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';

const ADMIN = 'ada-ai@example.com';
const viewport = (width: number) => ({ width, height: width > 500 ? 900 : 844 });
const TAB = '/admin?tab=ai-analytics';

describe('the AI Analytics tab', () => {
  let fake: OpenAiCompatibleServer;
  beforeAll(async () => {
    fake = await startOpenAiCompatibleServer();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const e2e = startAppAndBrowser({
    get env() {
      return { ADMIN_EMAILS: ADMIN, OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o-mini' };
    },
  });
  let admin: ApiClient | undefined;
  let ann: ApiClient | undefined;
  const adminClient = async () => (admin ??= await signIn(e2e.server.url, ADMIN, 'Ada Admin'));
  const annClient = async () => (ann ??= await signIn(e2e.server.url, 'ann-ai@example.com', 'Ann Asker'));

  /** Ann asks on a new post; resolves with the answer's comment id (null when it failed) once the request ended. */
  const ask = async (behaviour: FakeBehaviour, images = 0) => {
    fake.behave(behaviour);
    const attached = Array.from({ length: images }, (_, i) => anImage(`https://media.example.com/${i}.png`));
    const { end } = await endedRequest(e2e.server, (await annClient()).memberId, { images: attached });
    return end.type === 'AiReplyCompleted' ? (end.data as { commentId: string }).commentId : null;
  };

  const settled = (page: Page) => page.locator('[data-testid=ai-analytics], [data-testid=ai-analytics-empty], [data-testid=ai-analytics-failed]').first().waitFor();

  it("says 'No AI analytics data available' before anyone asked, at 1280 and 390 px", async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await openAs(e2e, await adminClient(), TAB, viewport(width));
      await settled(page);
      await page.getByRole('tabpanel').getByText(aiAnalyticsTexts.empty).waitFor();
      await screenshot(page, `admin-ai-analytics-empty-${width}`);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('moves live as a member asks and votes: the cards, the feedback and the recent invocations, at 1280 and 390 px', async () => {
    const { context, page } = await openAs(e2e, await adminClient(), TAB, viewport(1280));
    await page.getByRole('tabpanel').getByText(aiAnalyticsTexts.empty).waitFor();

    const answered = await ask({ kind: 'answer', chunks: ['Use ', 'flex.'], usage: { prompt_tokens: 1200, completion_tokens: 300 } }, 2);
    await ask({ kind: 'http-error', status: 500 });
    await ask({ kind: 'answer', chunks: ['Grid ', 'works too.'], usage: { prompt_tokens: 400, completion_tokens: 100 } });
    expect(answered).not.toBeNull();
    expect((await (await annClient()).post('/api/ai/feedback', { commentId: answered, feedbackType: 'helpful' })).status).toBe(200);

    // No reload: the admin's socket hears of each change.
    const value = (id: string) => page.getByTestId(`${id}-value`);
    await expect.poll(() => value('ai-card-invocations').innerText(), { timeout: 15_000 }).toBe('3');
    await page.getByTestId('ai-feedback').waitFor({ timeout: 15_000 });
    await expect(value('ai-card-success').innerText()).resolves.toBe('66.7%');
    await expect(page.getByTestId('ai-card-failures').innerText()).resolves.toBe('1 failed');
    await expect(page.getByTestId('ai-card-failures').getAttribute('class')).resolves.toContain('text-red-700');
    await expect(value('ai-card-latency').innerText()).resolves.toMatch(/^[\d,]+ ms$/);
    // 360 + 120 millionths of a dollar for the answers (gpt-4o-mini's prices), and the failed call's.
    await expect(value('ai-card-cost').innerText()).resolves.toBe('$0.0005');
    await expect(page.getByTestId('ai-feedback').innerText()).resolves.toMatch(/Total\s+1\s+Helpful\s+1\s+Unhelpful\s+0\s+Satisfaction rate\s+100%/);
    const rows = page.locator('[data-ai-invocations=rows] tr[data-row-id]');
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(0).innerText()).resolves.toMatch(/^Mention\s+Success\s+[\d,]+ ms\s+\$0\.0001\s+0\s/);
    await expect(rows.nth(1).innerText()).resolves.toMatch(/^Mention\s+Failed\s+/);
    await expect(rows.nth(2).innerText()).resolves.toMatch(/^Mention\s+Success\s+[\d,]+ ms\s+\$0\.0004\s+2\s/);
    await screenshot(page, 'admin-ai-analytics-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    const phone = await openAs(e2e, await adminClient(), TAB, viewport(390));
    await phone.page.getByTestId('ai-recent').waitFor();
    await screenshot(phone.page, 'admin-ai-analytics-390');
    await expect(phone.page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.context.close();
  }, 120_000);
});
