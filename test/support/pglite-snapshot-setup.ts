// globalSetup of the int and e2e tiers: saves the migrated PGlite database their test servers start
// from (pglite-snapshot.ts) once per run, and deletes it afterwards. Not on PostgreSQL, where every
// server gets a database of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { saveMigratedPglite } from './pglite-snapshot.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteSnapshot', null);
    return async () => {};
  }
  const dir = await mkdtemp(join(tmpdir(), 'skillswap-pglite-snapshot-'));
  const path = join(dir, 'migrated.tar');
  await saveMigratedPglite(path);
  project.provide('pgliteSnapshot', path);
  return () => rm(dir, { recursive: true, force: true });
}
