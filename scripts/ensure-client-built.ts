// Builds the React client when web/dist is missing or older than any source file it bundles: web/,
// api/contracts (its schemas and texts) and domain/ (the rules and texts the contracts take from it).
// Used by `npm start` and `npm test` so a fresh clone needs no separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir: string): number => {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return max;
};

export const clientIsStale = (): boolean => {
  const index = 'web/dist/index.html';
  if (!existsSync(index)) return true;
  return Math.max(newest('web'), newest('api/contracts'), newest('domain')) > statSync(index).mtimeMs;
};

export const ensureClientBuilt = (): void => {
  if (!clientIsStale()) return;
  console.error('Building the web client (web/dist is missing or stale)...');
  // Always a production bundle: under vitest NODE_ENV is 'test', and Vite would then bundle React's
  // development build (three times the size), which the tests and a later `npm start` would serve.
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('The web client build failed');
};

if (import.meta.url === `file://${process.argv[1]}`) ensureClientBuilt();
