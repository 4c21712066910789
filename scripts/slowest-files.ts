// Prints the slowest test files recorded by scripts/file-times-reporter.ts, over one or more runs
// (`.ci/run` passes the PGlite and the PostgreSQL pass): `npx tsx scripts/slowest-files.ts [n] file...`.
import { existsSync, readFileSync } from 'node:fs';
import type { FileTime } from './file-times-reporter.js';

export const slowestLines = (runs: { label: string; times: FileTime[] }[], count = 10): string[] => {
  const all = runs.flatMap(({ label, times }) => times.map((t) => ({ ...t, label })));
  all.sort((a, b) => b.ms - a.ms);
  const width = Math.max(0, ...all.slice(0, count).map((t) => t.file.length));
  return [
    'Slowest test files:',
    ...all.slice(0, count).map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file.padEnd(width)}  (${t.project}${t.label ? `, ${t.label}` : ''})`),
  ];
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const count = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 10;
  const runs = args
    .filter((path) => existsSync(path))
    .map((path) => ({ label: path.replace(/^.*file-times-?|\.json$/g, ''), times: JSON.parse(readFileSync(path, 'utf8')) as FileTime[] }));
  for (const line of slowestLines(runs, count)) console.log(line);
}
