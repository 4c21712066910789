// The feed's e2e set-up, shared by its files: the app with The S brain on against a real
// chat-completions server, and members who sign up in browsers of their own and land on /feed.
import { afterAll, beforeAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../../support/openai-compatible-server.js';
import { newPageOnServerClock, startAppAndBrowser, type AppAndBrowser } from './app-and-browser.js';
import { submitDevSignInForm } from './browser.js';

export interface FeedMembers {
  readonly e2e: AppAndBrowser;
  /** A new member named `name`, signed up through the dev sign-in form in a browser of their own, on /feed. */
  signUp(name: string, width?: number): Promise<Page>;
}

/** Call at the top of a describe block; The S brain answers every ask with `chunks`, `chunkDelayMs` apart. */
export const startFeedWithAssistant = (answer: { chunks: string[]; chunkDelayMs: number }): FeedMembers => {
  let fake: OpenAiCompatibleServer;
  beforeAll(async () => {
    fake = await startOpenAiCompatibleServer({ kind: 'answer', ...answer });
  });
  afterAll(async () => {
    await fake?.close();
  });
  const e2e = startAppAndBrowser({
    get env() {
      return { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4o-mini' };
    },
  });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });
  const signUp = async (name: string, width = 1280): Promise<Page> => {
    const { context, page } = await newPageOnServerClock(e2e, { width, height: 900 }, `browser ${name}`);
    contexts.push(context);
    await page.goto(`${e2e.server.url}/feed`);
    await submitDevSignInForm(page, { email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`, name });
    await page.waitForURL((url) => url.pathname === '/feed');
    return page;
  };
  return { e2e, signUp };
};
