// Cases this environment cannot run (no PostgreSQL, no EventStoreDB server) show as one skipped test
// whose title says why, so `npm test` lists them with their reason above its closing tally and CI's
// `N passed, N failed, N skipped` counts them, instead of a console line nobody reads. skipIf keeps
// the lint rule against hand-skipped tests in force everywhere else.
import { describe, it } from 'vitest';

export const POSTGRES_ONLY_REASON = 'PostgreSQL only; set TEST_DATABASE_URL or DATABASE_URL to run them';

export const notRun = (title: string, reason: string): void => {
  describe(title, () => {
    it.skipIf(true)(`not run: ${reason}`, () => {});
  });
};
