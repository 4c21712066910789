import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/support/slow-first-sequencer.js';

// The aliases of tsconfig.json's paths (and web/vite.config.ts), inherited by every project.
const alias = {
  '@contracts': fileURLToPath(new URL('./api/contracts', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

// On a machine shared with other work, TEST_TIMEOUT_SCALE=4 gives every tier's default timeouts four times as long.
const scale = Number(process.env.TEST_TIMEOUT_SCALE) || 1;

// One test file per core at a time (vitest's own default in a run is one fewer than the cores, which is one
// worker on a 2-core CI machine); TEST_WORKERS=1 runs the files one after another. Every int and e2e file
// has its own server, database (a PGlite of its own, or a PostgreSQL database made for it) and port, so
// files never share state.
const workers = Number(process.env.TEST_WORKERS) || availableParallelism();

// Three tiers, chosen by file suffix (DESIGN.md §8).
// A hung int file ends within 30 s, an e2e file within 60 s (a file that truly needs longer says so
// per test, with its reason). Both start their PGlite servers from a database migrated once per run
// (test/support/pglite-snapshot.ts, made by its globalSetup), and their own empty databases from one
// saved after initdb (test/support/blank-pglite.ts).
// The int and e2e files run without module isolation: a worker imports the app once, not once per
// file (the import was 330-430 s of a CI run's work). Each file still starts its own server and
// database; nothing of the app keeps state at module level that outlives the server holding it.
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: workers,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{domain,eventstore,telemetry,commands,projections,api,web,test}/**/*.unit.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{eventstore,telemetry,commands,projections,api,test}/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000 * scale,
          hookTimeout: 30_000 * scale,
          isolate: false,
          globalSetup: ['test/support/pglite-snapshot-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000 * scale,
          hookTimeout: 60_000 * scale,
          isolate: false,
          // An e2e poll waits for what a page will show: its first load and reads take more than
          // vitest's default second on a loaded 2-core machine. A bound that is a requirement (a
          // live update within 1 s) is its test's own, explicit timeout.
          expect: { poll: { timeout: 10_000 * scale } },
          globalSetup: ['test/support/pglite-snapshot-setup.ts'],
        },
      },
    ],
  },
});
