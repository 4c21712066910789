// Issue 19 point 19: one process owns a PGlite data directory. With the app running on it (a real
// process, as `npm start` runs it), `npm run rebuild`, `npm run migrate:events` and a second app are
// refused at once, naming the holder, and the data stays intact. Always on PGlite, whatever database
// the rest of the suite uses: the lock exists for PGlite's files.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFromEnv } from '../../eventstore/connect-from-env.js';
import { DataDirectoryLockedError } from '../../eventstore/data-dir-lock.js';
import { signIn, type ApiClient } from '../support/sign-in.js';
import type { ReadModelsDb } from '../../projections/read-models.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const LOCK = 'skillswap.lock';

/** A SkillSwap command-line entry point as its own node process (node --import tsx <script>), as npm runs it. */
const run = (script: string, env: Record<string, string>, args: string[] = []) =>
  new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // Without the lock a second app would serve on: stop it so the test fails instead of hanging.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

/** Starts api/main.ts (the app of `npm start`) and resolves with its URL once it listens. */
const startApp = (env: Record<string, string>) =>
  new Promise<{ child: ChildProcess; url: string; output: () => string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /SkillSwap is running at (http:\/\/[^\s"]+)/.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The app exited (${code}) before listening:\n${output}`)));
  });

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

describe('one process owns a PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillswap-lock-'));
  const pgliteDir = join(dataDir, 'pglite');
  const env = { DATA_DIR: dataDir, PGLITE_DATA_DIR: '', DATABASE_URL: '', EVENTSTORE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  let app: Awaited<ReturnType<typeof startApp>>;
  let member: ApiClient;

  beforeAll(async () => {
    app = await startApp(env);
    member = await signIn(app.url, 'owner@example.com', 'Owner');
    expect((await member.patch(`/api/users/${member.memberId}`, { bio: 'Written before the second process' })).status).toBe(200);
  }, 60_000); // a child process's first start on a new directory: initdb and every migration, on disk
  afterAll(async () => {
    if (app?.child.exitCode === null) {
      app.child.kill('SIGKILL');
      await exited(app.child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a rebuild, a migration and a second app at once, naming the holder', async () => {
    const [rebuild, migrate, second, start] = await Promise.all([
      run('projections/rebuild-cli.ts', env),
      run('scripts/migrate-events.ts', env),
      run('api/main.ts', { ...env, LOG_LEVEL: 'warn' }),
      run('scripts/start.ts', { ...env, LOG_LEVEL: 'warn' }),
    ]);
    expect(rebuild.code).not.toBe(0);
    const holder = JSON.parse(readFileSync(join(pgliteDir, LOCK), 'utf8')) as { pid: number; command: string; since: string };
    expect(holder.pid).toBe(app.child.pid);
    expect(holder.command).toContain('api/main.ts');
    for (const refused of [rebuild, migrate, second, start]) {
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`The PGlite data directory ${pgliteDir} is in use by process ${holder.pid} (${holder.command}) since ${holder.since}.`);
      expect(refused.stderr).toContain(`Stop that process first (Ctrl-C in its terminal, or kill ${holder.pid}), then run this again.`);
    }
    expect(rebuild.stderr).not.toMatch(/swapped in/);
    expect(migrate.stdout).toBe('');
    expect(start.stderr).not.toContain('Building the web client'); // npm start refuses before building anything
  });

  it('leaves the data intact: the app keeps serving and writing, and a rebuild after it stops finds everything', async () => {
    const me = await member.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.bio).toBe('Written before the second process');
    expect((await member.patch(`/api/users/${member.memberId}`, { bio: 'Written after the refusals' })).status).toBe(200);

    app.child.kill('SIGTERM');
    expect(await exited(app.child)).toBe(0);
    expect(existsSync(join(pgliteDir, LOCK))).toBe(false); // a clean exit leaves no lock

    const rebuild = await run('projections/rebuild-cli.ts', env, ['members']);
    expect(rebuild.stderr).toMatch(/members: \d+ events in .* swapped in/);
    expect(rebuild.code).toBe(0);
    const connections = await connectFromEnv<ReadModelsDb>(env);
    try {
      const row = await connections.sql.db.selectFrom('members').select('bio').where('id', '=', member.memberId).executeTakeFirstOrThrow();
      expect(row.bio).toBe('Written after the refusals');
    } finally {
      await connections.close();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const stalePid = Number(gone.stdout);
    writeFileSync(join(pgliteDir, LOCK), JSON.stringify({ pid: stalePid, command: 'node api/main.ts', since: '2026-11-01T00:00:00.000Z' }));
    const migrate = await run('scripts/migrate-events.ts', env);
    expect(migrate.stderr).toBe('');
    expect(migrate.code).toBe(0);
    expect(existsSync(join(pgliteDir, LOCK))).toBe(false);
  });

  it('takes over a lock file that names no process (garbage, or a writer that died mid-write)', async () => {
    writeFileSync(join(pgliteDir, LOCK), '');
    const connections = await connectFromEnv<ReadModelsDb>(env);
    expect(JSON.parse(readFileSync(join(pgliteDir, LOCK), 'utf8')).pid).toBe(process.pid);
    await connections.close();
    expect(existsSync(join(pgliteDir, LOCK))).toBe(false);
  });

  it('refuses a second open in the same process too, and frees the directory on close', async () => {
    const first = await connectFromEnv(env);
    try {
      await expect(connectFromEnv(env)).rejects.toBeInstanceOf(DataDirectoryLockedError);
    } finally {
      await first.close();
    }
    const again = await connectFromEnv(env);
    await again.close();
  });
});
