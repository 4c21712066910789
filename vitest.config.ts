import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The aliases of tsconfig.json's paths (and web/vite.config.ts), inherited by every project.
const alias = {
  '@contracts': fileURLToPath(new URL('./api/contracts', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

// On a machine shared with other work, TEST_TIMEOUT_SCALE=4 gives every tier's default timeouts four times as long.
const scale = Number(process.env.TEST_TIMEOUT_SCALE) || 1;

// Three tiers, chosen by file suffix (DESIGN.md §8). Integration and e2e tests share one database
// per worker file, so they run with limited parallelism to stay inside a 2-core machine.
// A hung int file ends within 30 s, an e2e file within 60 s (a file that truly needs longer says so
// per test, with its reason). Both start their PGlite servers from a database migrated once per run
// (test/support/pglite-snapshot.ts, made by its globalSetup).
export default defineConfig({
  resolve: { alias },
  test: {
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
          fileParallelism: false,
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
          fileParallelism: false,
          globalSetup: ['test/support/pglite-snapshot-setup.ts'],
        },
      },
    ],
  },
});
