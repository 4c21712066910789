// `npm test`: every tier (unit, int, e2e) in one vitest run, then the closing line CI reads:
// `N passed, N failed, N skipped`, after one line per skipped test (its title says why: e.g. the
// EventStoreDB conformance suite without a server) and the 10 slowest files.
// With TEST_DATABASE_URL set it is the PostgreSQL pass: only the int files that reach the database
// engine (scripts/engine-tests.ts). The unit tier, the e2e tier (which reaches the database only through
// the server, whose SQL the int tier covers on both engines) and the int files on PGlite only or on no
// database ran in the PGlite pass; running them again proves nothing.
// Extra arguments are passed on to vitest (e.g. a file filter) and then choose the files on either engine.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { engineTestFiles } from './engine-tests.js';
import { FILE_TIMES_PATH, type FileTime } from './file-times-reporter.js';
import { slowestLines } from './slowest-files.js';
import { tallyReport, type VitestJsonReport } from './test-tally.js';

const out = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
for (const path of [out, FILE_TIMES_PATH]) if (existsSync(path)) rmSync(path);

const extra = process.argv.slice(2);
const postgresPass = Boolean(process.env.TEST_DATABASE_URL) && extra.length === 0;
const selection = postgresPass ? ['--project', 'int', ...engineTestFiles(process.cwd())] : extra;
if (postgresPass) console.log(`PostgreSQL pass: the ${selection.length - 2} int files that reach the database engine (scripts/engine-tests.ts)`);

// The e2e tier drives the built client, so build it first when it is missing or stale.
if (!postgresPass) {
  const build = spawnSync('npx', ['tsx', 'scripts/ensure-client-built.ts'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.log('0 passed, 1 failed, 0 skipped');
    process.exit(build.status ?? 1);
  }
}

const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${out}`, '--reporter=./scripts/file-times-reporter.ts'];
const run = spawnSync('npx', ['vitest', 'run', ...reporters, ...selection], { stdio: 'inherit', env: process.env });

const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as VitestJsonReport) : null;
const status = run.status ?? 1;
if (existsSync(FILE_TIMES_PATH)) {
  for (const line of slowestLines([{ label: '', times: JSON.parse(readFileSync(FILE_TIMES_PATH, 'utf8')) as FileTime[] }])) console.log(line);
}
for (const line of tallyReport(report, status).lines) console.log(line);
process.exit(status);
