// A bad environment stops start-up before anything opens, with a message naming the variable.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../api/main.js';

describe('start-up', () => {
  it('rejects a bad value in-process with a ConfigError naming it', async () => {
    await expect(startServer({ PORT: 'abc', PGLITE_DATA_DIR: 'memory' })).rejects.toThrow(/PORT must be a whole number/);
  });

  it('exits with status 1 and a clear message when run from the command line', () => {
    const result = spawnSync('npx', ['tsx', 'api/main.ts'], {
      env: { ...process.env, PORT: '3201', OIDC_ISSUER: 'not a url', PGLITE_DATA_DIR: 'memory' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/SkillSwap cannot start\. Invalid configuration:/);
    expect(result.stderr).toMatch(/OIDC_ISSUER must be a URL like https:\/\/accounts\.example\.com \(got "not a url"\)/);
  });
});
