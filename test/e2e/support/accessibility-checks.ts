// The set-up the accessibility files share: the app on Monday 08:00 with the seeded sessions' members,
// a page per member and width, and what axe found on each screen a test checked (empty at each test's start).
import { beforeAll, beforeEach } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MONDAY_0800 } from '../../support/session-fixtures.js';
import type { ApiClient } from '../../support/test-server.js';
import { openAs, startAppAndBrowser, type AppAndBrowser } from './app-and-browser.js';
import { expectNothingFound, seriousViolations } from './axe.js';
import { seedSessions, type SeededSessions } from './seeded-sessions.js';

export interface AccessibilityChecks {
  readonly e2e: AppAndBrowser;
  /** The seeded sessions and their members (read inside a test). */
  readonly seeded: SeededSessions;
  /** A page at `path` for `member` (signed out for null), sized for `width`. */
  open(member: ApiClient | null, path: string, width: number): Promise<{ context: BrowserContext; page: Page }>;
  /** Records what axe finds on the page (or inside `within`) under `name`. */
  check(page: Page, name: string, within?: string): Promise<void>;
  /** Every screen this test checked found nothing serious. */
  expectNothingFound(): void;
}

/** Call at the top of a describe block. */
export const startAccessibilityChecks = (): AccessibilityChecks => {
  const e2e = startAppAndBrowser({ now: MONDAY_0800 });
  let seeded: SeededSessions | undefined;
  let found: Record<string, string[]> = {};
  beforeAll(async () => {
    seeded = await seedSessions(e2e.server.url);
  });
  beforeEach(() => {
    found = {};
  });
  return {
    e2e,
    get seeded() {
      if (!seeded) throw new Error('The sessions are seeded before the first test: read them inside a test');
      return seeded;
    },
    open: (member, path, width) => openAs(e2e, member, path, { width, height: width > 500 ? 900 : 844 }),
    check: async (page, name, within) => {
      found[name] = await seriousViolations(page, within);
    },
    expectNothingFound: () => expectNothingFound(found),
  };
};
