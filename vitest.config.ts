import { defineConfig } from 'vitest/config';

// Three tiers, chosen by file suffix (DESIGN.md §8). Integration and e2e tests share one database
// per worker file, so they run with limited parallelism to stay inside a 2-core machine.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{domain,eventstore,commands,projections,api,web,test}/**/*.unit.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
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
