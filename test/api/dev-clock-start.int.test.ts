// The development clock on the real start paths (issue 29 item 17): `npm run dev`'s API
// (scripts/dev-api.ts) runs on DEV_CLOCK_OFFSET, and the platform's start (api/main.ts, which `npm start`
// runs) refuses to start with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dataDir: string;
const children = new Set<ChildProcess>();
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'skillswap-dev-clock-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs an entry until it exits, or until its output shows `until` (then stops it); answers its output. */
const run = (entry: string, env: Record<string, string>, until?: RegExp) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PGLITE_DATA_DIR: 'memory', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => {
      children.delete(child);
      resolve({ code, output });
    });
  });

describe('the development clock on the start paths', () => {
  it('is refused by the platform start (api/main.ts, as npm start runs it)', async () => {
    const { code, output } = await run('api/main.ts', { DEV_CLOCK_OFFSET: '+26h' });
    expect(code).toBe(1);
    expect(output).toContain('DEV_CLOCK_OFFSET is for `npm run dev` only');
  }, 120_000);

  it("sets the dev API's clock that far ahead before it starts the server", async () => {
    const started = Date.now();
    // Stopped once it says its time: the server it then starts is api/main.ts's, given that clock.
    const { output } = await run('scripts/dev-api.ts', { DEV_CLOCK_OFFSET: '+3d' }, /Development clock: \S+ /);
    const shown = /Development clock: (\S+) /.exec(output)?.[1];
    expect(shown, output).toBeDefined();
    expect(Math.abs(Date.parse(shown!) - started - 3 * 86_400_000), output).toBeLessThan(60_000);
  }, 120_000);

  it('stops the dev API on an offset it cannot read, naming the variable', async () => {
    const { code, output } = await run('scripts/dev-api.ts', { DEV_CLOCK_OFFSET: 'next tuesday' });
    expect(code).toBe(1);
    expect(output).toContain('DEV_CLOCK_OFFSET must be an offset such as +26h');
  }, 120_000);
});
