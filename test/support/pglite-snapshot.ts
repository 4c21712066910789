// Test servers on PGlite start from a database saved once per run after every start-up migration
// (issue 29 item 20): loading it takes a third of creating a database (initdb) and migrating it,
// which every test file did, once per server. The run's globalSetup (pglite-snapshot-setup.ts) saves
// it and provides its path; each worker process loads the file, the compiled WebAssembly module and
// PGlite's file-system bundle once and hands them to every server it starts.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startServer } from '../../api/main.js';
import type { PGliteStart } from '../../eventstore/sql-database.js';
import { compiledPglite } from './blank-pglite.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The saved, migrated PGlite database of this run (a tar file), or null when there is none. */
    pgliteSnapshot: string | null;
  }
}

/** Starts a server on an empty in-memory PGlite (it migrates at start), saves its database to `path`, closes it. */
export const saveMigratedPglite = async (path: string, blank?: Blob): Promise<void> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'skillswap-snapshot-'));
  try {
    const server = await startServer(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PGLITE_DATA_DIR: 'memory', SESSION_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' },
      { schedulerIntervalMs: 24 * 60 * 60 * 1000, ...(blank && { pglite: { loadDataDir: blank } }) },
    );
    try {
      // Start-up is over once startServer returns (tables made, projectors live); nothing is written after.
      const dump = await server.sql.pglite!.dumpDataDir('none');
      await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
};

interface WorkerParts {
  path: string;
  parts: Promise<PGliteStart>;
}
// On globalThis rather than in this module: a worker re-imports modules for every test file it runs.
const WORKER_KEY = Symbol.for('skillswap.pgliteSnapshot');
const holder = globalThis as { [WORKER_KEY]?: WorkerParts };

const loadParts = async (path: string): Promise<PGliteStart> => {
  const [saved, compiled] = await Promise.all([readFile(path), compiledPglite()]);
  return { ...compiled, loadDataDir: new Blob([saved]) };
};

/** What a PGlite test server starts from in this worker, or undefined without a saved database (outside the int and e2e tiers). */
export const migratedPglite = async (): Promise<PGliteStart | undefined> => {
  let path: string | null;
  try {
    path = inject('pgliteSnapshot');
  } catch {
    return undefined; // not inside a vitest worker (a bench, a script)
  }
  if (!path) return undefined;
  if (holder[WORKER_KEY]?.path !== path) holder[WORKER_KEY] = { path, parts: loadParts(path) };
  return holder[WORKER_KEY].parts;
};
