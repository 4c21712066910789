// `npm test`: every tier (unit, int, e2e) in one vitest run, then the closing line CI reads:
// `N passed, N failed, N skipped`, after one line per skipped test (its title says why: e.g. the
// EventStoreDB conformance suite without a server). Extra arguments are passed on to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const out = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
if (existsSync(out)) rmSync(out);

// The e2e tier drives the built client, so build it first when it is missing or stale.
const build = spawnSync('npx', ['tsx', 'scripts/ensure-client-built.ts'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { status: string; assertionResults: { status: string; fullName: string }[] }[];
  };
  passed = report.numPassedTests;
  skipped = report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') console.log(`skipped: ${test.fullName}`);
    }
  }
  // A file that fails to load (or in a hook outside any test) counts as one failure even though no
  // test in it failed. vitest's numFailedTestSuites is not that: it also counts the file and every
  // describe around a failed test, so one failed test read "3 failed".
  const filesFailedOutsideTests = report.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')).length;
  failed = report.numFailedTests + filesFailedOutsideTests;
}
const status = run.status ?? 1;
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status);
