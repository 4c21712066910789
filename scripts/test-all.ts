// `npm test`: every tier (unit, int, e2e) in one vitest run, then the closing line CI reads:
// `N passed, N failed, N skipped`, after one line per skipped test (its title says why: e.g. the
// EventStoreDB conformance suite without a server). Extra arguments are passed on to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tallyReport, type VitestJsonReport } from './test-tally.js';

const out = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
if (existsSync(out)) rmSync(out);

// The e2e tier drives the built client, so build it first when it is missing or stale.
const build = spawnSync('npx', ['tsx', 'scripts/ensure-client-built.ts'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.log('0 passed, 1 failed, 0 skipped');
  process.exit(build.status ?? 1);
}

const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});

const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as VitestJsonReport) : null;
const status = run.status ?? 1;
for (const line of tallyReport(report, status).lines) console.log(line);
process.exit(status);
