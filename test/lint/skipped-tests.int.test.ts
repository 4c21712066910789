// Issue 19 point 20: what a machine cannot run shows in `npm test`'s tally as skipped, with its reason in
// the title, not as a console line. Runs vitest as `npm test` does (JSON report) on the files with cases
// for PostgreSQL or EventStoreDB only, with neither configured, and reads the report through the tally.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tallyReport, type VitestJsonReport } from '../../scripts/test-tally.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const FILES = [
  'eventstore/sql-database.int.test.ts',
  'eventstore/sql-event-store.int.test.ts',
  'eventstore/sql-group-commit.int.test.ts',
  'test/api/crash-follow-ups.int.test.ts',
  'test/conformance/event-store-conformance.int.test.ts',
];
const POSTGRES_REASON = 'not run: PostgreSQL only; set TEST_DATABASE_URL or DATABASE_URL to run them';

describe('tests this machine cannot run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillswap-tally-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('show as skipped with their reason in the tally and its closing line', () => {
    const out = join(dir, 'report.json');
    // Only the not-run placeholders and the crash test: the rest of these files is not what is asked here.
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'int', '--reporter=json', `--outputFile.json=${out}`, '-t', 'not run|a crash in the middle', ...FILES], {
      cwd: root,
      // No PGlite databases saved for the run: none of the tests it runs opens one.
      env: { ...process.env, TEST_DATABASE_URL: '', DATABASE_URL: '', EVENTSTORE_URL: '', TEST_PGLITE_SNAPSHOTS: 'off' },
      encoding: 'utf8',
    });
    const report = JSON.parse(readFileSync(out, 'utf8')) as VitestJsonReport;
    const tally = tallyReport(report, run.status ?? 1);

    const skippedIn = (file: string) =>
      report.testResults
        .find((r) => (r as unknown as { name: string }).name.endsWith(file))!
        .assertionResults.filter((t) => t.status === 'skipped' || t.status === 'pending');
    for (const [file, title] of [
      ['eventstore/sql-database.int.test.ts', `openSqlDatabase on postgres ${POSTGRES_REASON}`],
      ['eventstore/sql-event-store.int.test.ts', `appendWithin on postgres ${POSTGRES_REASON}`],
      ['eventstore/sql-group-commit.int.test.ts', `group commit on postgres ${POSTGRES_REASON}`],
      ['test/conformance/event-store-conformance.int.test.ts', 'event store conformance: postgres not run: set TEST_DATABASE_URL or DATABASE_URL to run it'],
    ] as const) {
      expect(skippedIn(file).map((t) => t.fullName)).toContain(title);
      expect(tally.lines).toContain(`skipped: ${title}`);
    }
    expect(skippedIn('test/conformance/event-store-conformance.int.test.ts').map((t) => t.fullName)).toContainEqual(
      expect.stringMatching(/^event store conformance: eventstoredb not run: .+/),
    );
    const crash = skippedIn('test/api/crash-follow-ups.int.test.ts');
    expect(crash.length).toBeGreaterThan(0);
    for (const test of crash) expect(test.fullName).toMatch(/^a crash in the middle of session actions \(not run: PostgreSQL only; set TEST_DATABASE_URL/);

    expect(tally.failed).toBe(0);
    expect(tally.skipped).toBeGreaterThanOrEqual(6);
    expect(tally.lines.at(-1)).toBe(`${tally.passed} passed, 0 failed, ${tally.skipped} skipped`);
  });
});
