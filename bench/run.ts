// `npm run bench [name...]`: runs the benchmarks (each a ratio against a baseline measured in the same
// run) and writes bench/results.md. Needs PostgreSQL (BENCH_DATABASE_URL, DATABASE_URL, or the
// machine's postgres://postgres@127.0.0.1:5432/test). Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchAdminAudit } from './admin-audit.js';
import { benchAdminStats } from './admin-stats.js';
import { benchAdminUsers } from './admin-users.js';
import { benchAnalyticsIngest } from './analytics-ingest.js';
import { benchAppends } from './appends.js';
import { benchBookingUnderRebuild } from './booking-under-rebuild.js';
import { benchCommentFanout } from './comment-fanout.js';
import { benchFeedPage } from './feed-page.js';
import { benchFreshness } from './freshness.js';
import { benchFourProcesses } from './four-processes.js';
import { benchHeatmap } from './heatmap.js';
import { benchClientErrors } from './client-errors.js';
import { benchHttpUser } from './http-user.js';
import { benchLighthouse } from './lighthouse.js';
import { benchLedgerAudit } from './ledger-audit.js';
import { benchLongStreams } from './long-streams.js';
import { benchMessageDelivery } from './message-delivery.js';
import { benchRequestSession } from './request-session.js';
import { benchRebuild } from './rebuild.js';
import { benchReadLog } from './read-log.js';
import { benchSkillSearch } from './skill-search.js';
import { benchStateAt } from './state-at.js';
import { benchTelemetry } from './telemetry.js';
import type { BenchResult } from './support.js';
import { fmt } from './support.js';

// A bench answers one result, or several when one set-up measures several things (Lighthouse's pages).
const benches: Record<string, () => Promise<BenchResult | BenchResult[]>> = {
  appends: benchAppends,
  rebuild: benchRebuild,
  'http-user': benchHttpUser,
  'request-session': benchRequestSession,
  freshness: benchFreshness,
  'feed-page': benchFeedPage,
  'comment-fanout': benchCommentFanout,
  'message-delivery': benchMessageDelivery,
  lighthouse: benchLighthouse,
  'skill-search': benchSkillSearch,
  'long-streams': benchLongStreams,
  'state-at': benchStateAt,
  telemetry: benchTelemetry,
  'read-log': benchReadLog,
  'booking-under-rebuild': benchBookingUnderRebuild,
  'admin-users': benchAdminUsers,
  'analytics-ingest': benchAnalyticsIngest,
  'admin-stats': benchAdminStats,
  heatmap: benchHeatmap,
  'client-errors': benchClientErrors,
  'admin-audit': benchAdminAudit,
  'four-processes': benchFourProcesses,
  'ledger-audit': benchLedgerAudit,
};

// `--one NAME FILE`: the child that runs one bench and writes its results to FILE as JSON.
if (process.argv[2] === '--one') {
  const [name, file] = process.argv.slice(3) as [string, string];
  const answer = await benches[name]!();
  writeFileSync(file, JSON.stringify(Array.isArray(answer) ? answer : [answer]));
  process.exit(0);
}

/**
 * Each bench runs in a process of its own (as a server would): in one process for all, the garbage of the
 * benches before (thousands of sockets, seeded servers) was collected during later measurements, a 105 ms
 * pause in the feed's first measured run of a full run.
 */
const runAlone = (name: string): BenchResult[] => {
  const dir = mkdtempSync(join(tmpdir(), 'skillswap-bench-'));
  try {
    const file = join(dir, 'results.json');
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--one', name, file], { stdio: 'inherit' });
    if (child.status !== 0) throw new Error(`bench ${name} exited with ${child.status ?? child.signal}`);
    return JSON.parse(readFileSync(file, 'utf8')) as BenchResult[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}

const results: BenchResult[] = [];
for (const name of chosen.length > 0 ? chosen : Object.keys(benches)) {
  console.error(`running ${name}...`);
  for (const result of runAlone(name)) {
    results.push(result);
    console.error(
      `  ${result.name}: ${fmt(result.subjectValue)} vs ${fmt(result.baselineValue)} ${result.unit} = ${fmt(result.ratio * 100)}% ${result.pass ? 'PASS' : 'FAIL'}`,
    );
  }
}

const notesFile = new URL('../docs/performance.md', import.meta.url);
const lines = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}.`,
  'Each figure is the median of alternating runs of subject and baseline in the same run; the ratio is subject / baseline.',
  '',
  '| bench | subject | baseline | ratio | target | result |',
  '|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${fmt(r.subjectValue, r.unit.startsWith('ms') ? 1 : 0)} ${r.unit} | ${r.baseline.startsWith('none') ? '-' : `${fmt(r.baselineValue)} ${r.unit}`} | ${r.baseline.startsWith('none') ? '-' : `${fmt(r.ratio * 100)}%`} | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} |`,
  ),
  '',
  '## What each compares',
  '',
  ...results.flatMap((r) => [`- **${r.name}**: ${r.subject} vs ${r.baseline}.${r.notes ? ` ${r.notes}.` : ''}`]),
  '',
  // The analysis that goes with the figures (what limits them, what was tried) lives in docs/performance.md.
  ...(existsSync(notesFile) ? [readFileSync(notesFile, 'utf8').trim(), ''] : []),
];
if (chosen.length === 0) writeFileSync(new URL('./results.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
process.exit(results.every((r) => r.pass) ? 0 : 1);
