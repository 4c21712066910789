import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The aliases of tsconfig.json's paths (and web/vite.config.ts), inherited by every project.
const alias = {
  '@contracts': fileURLToPath(new URL('./api/contracts', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

// Three tiers, chosen by file suffix (DESIGN.md §8). Integration and e2e tests share one database
// per worker file, so they run with limited parallelism to stay inside a 2-core machine.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{domain,eventstore,commands,projections,api,web,test}/**/*.unit.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{eventstore,commands,projections,api,test}/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
