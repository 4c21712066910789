// `npm test`: every tier (unit, int, e2e) in one vitest run, then the closing line CI reads:
// `N passed, N failed`. Extra arguments are passed on to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const out = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
if (existsSync(out)) rmSync(out);

// The e2e tier drives the built client, so build it first when it is missing or stale.
const build = spawnSync('npx', ['tsx', 'scripts/ensure-client-built.ts'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);

let passed = 0;
let failed = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
  };
  passed = report.numPassedTests;
  // A file that fails to load counts as a failure even though it ran no test.
  failed = report.numFailedTests + report.numFailedTestSuites;
}
const status = run.status ?? 1;
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
