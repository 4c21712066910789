// A new, empty in-memory PGlite for the tests that need a database of their own. PGlite runs initdb in
// WebAssembly for every new in-memory database: 4-12 s on the 2-core CI machine under load, paid by
// every projection, event store and conformance test that opened one (most of their time). The run's
// globalSetup (pglite-snapshot-setup.ts) saves a database right after initdb; each worker loads it, the
// WebAssembly module and the file-system bundle once, and a database opened from them takes 1.5-2 s.
// Its files are those of a new database: nothing ran on the saved one.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { openSqlDatabase, type PGliteStart, type SqlDatabase } from '../../eventstore/sql-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite database saved right after initdb in this run (a tar file), or null when there is none. */
    pgliteBlank: string | null;
  }
}

const dist = () => dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

const compile = async (): Promise<Pick<PGliteStart, 'pgliteWasmModule' | 'fsBundle'>> => {
  const [wasm, bundle] = await Promise.all([readFile(join(dist(), 'pglite.wasm')), readFile(join(dist(), 'pglite.data'))]);
  return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
};

// On globalThis rather than in a module: a worker may import modules again for each test file it runs.
const held = globalThis as unknown as Record<symbol, Promise<unknown> | undefined>;

/** `make()`'s promise, made once per process and made again after a failure. */
const once = <T>(key: symbol, make: () => Promise<T>): Promise<T> => {
  held[key] ??= make().catch((error: unknown) => {
    delete held[key];
    throw error;
  });
  return held[key] as Promise<T>;
};

/** The WebAssembly module compiled and the file-system bundle read, once per process (every PGlite of the worker shares them). */
export const compiledPglite = (): ReturnType<typeof compile> => once(Symbol.for('skillswap.compiledPglite'), compile);

/** A new in-memory PGlite's files right after initdb. */
const freshFiles = async (start?: PGliteStart): Promise<Blob> => {
  const fresh = await openSqlDatabase<unknown>({ dataDir: 'memory', ...(start && { pglite: start }) });
  try {
    return await fresh.pglite!.dumpDataDir('none');
  } finally {
    await fresh.close();
  }
};

/** Creates a new in-memory PGlite (initdb) and saves its files to `path` (the globalSetup does, once per run). */
export const saveBlankPglite = async (path: string): Promise<void> => {
  await writeFile(path, Buffer.from(await (await freshFiles()).arrayBuffer()));
};

const load = async (): Promise<PGliteStart> => {
  let path: string | null = null;
  try {
    path = inject('pgliteBlank');
  } catch {
    // not inside a vitest worker
  }
  const [compiled, saved] = await Promise.all([compiledPglite(), path ? readFile(path) : null]);
  // No saved database (a tier without the globalSetup): this process makes one, once.
  return { ...compiled, loadDataDir: saved ? new Blob([saved]) : await freshFiles(compiled) };
};

/** What a new empty in-memory PGlite starts from in this worker. */
export const blankPglite = (): Promise<PGliteStart> => once(Symbol.for('skillswap.blankPglite'), load);

/** A new, empty in-memory PGlite database, as `openSqlDatabase({ dataDir: 'memory' })` opens one. */
export const openBlankPglite = async <DB>(): Promise<SqlDatabase<DB>> => openSqlDatabase<DB>({ dataDir: 'memory', pglite: await blankPglite() });
