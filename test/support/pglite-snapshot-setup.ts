// globalSetup of the int and e2e tiers: saves, once per run, a PGlite database right after initdb (the
// tests' own empty databases start from it: blank-pglite.ts) and the migrated one their test servers
// start from (pglite-snapshot.ts, itself made from the empty one), and deletes both afterwards. Only the
// empty one on PostgreSQL, where every server gets a database of its own but the PGlite cases still run.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A run that opens no database (test/lint/skipped-tests.int.test.ts runs vitest on placeholders) saves
  // neither, nor imports the app to make them (10-15 s under load).
  if (process.env.TEST_PGLITE_SNAPSHOTS === 'off') {
    project.provide('pgliteBlank', null);
    project.provide('pgliteSnapshot', null);
    return async () => {};
  }
  const { saveBlankPglite } = await import('./blank-pglite.js');
  const dir = await mkdtemp(join(tmpdir(), 'skillswap-pglite-snapshot-'));
  const blank = join(dir, 'blank.tar');
  await saveBlankPglite(blank);
  project.provide('pgliteBlank', blank);
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', null);
  } else {
    const { saveMigratedPglite } = await import('./pglite-snapshot.js');
    const path = join(dir, 'migrated.tar');
    await saveMigratedPglite(path, new Blob([await readFile(blank)]));
    project.provide('pgliteSnapshot', path);
  }
  return () => rm(dir, { recursive: true, force: true });
}
