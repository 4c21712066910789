// The lifecycle the followers' test files share: a fresh database and harness per test, and the
// projection runtimes a test starts on it, stopped and dropped after it. Call at the top of a describe.
import { afterEach, beforeEach } from 'vitest';
import { silentLogger } from '../../../projections/runtime/logger.js';
import { createProjectionRuntime, type ProjectionRuntime, type ProjectionRuntimeOptions } from '../../../projections/runtime/projection-runtime.js';
import { openHarness, type Harness } from './harness.js';
import type { TestDatabase, TestTarget } from './test-databases.js';

export interface FollowerRuntimes {
  /** This test's database (read inside a test). */
  readonly database: TestDatabase;
  /** This test's database and store (read inside a test). */
  readonly h: Harness;
  /** Starts a runtime on this test's store: no projectors and a silent logger unless `options` say otherwise. */
  start(options?: Partial<ProjectionRuntimeOptions>): Promise<ProjectionRuntime>;
}

export const followerRuntimes = (target: TestTarget, defaults: (h: Harness) => Partial<ProjectionRuntimeOptions> = () => ({})): FollowerRuntimes => {
  let database: TestDatabase | undefined;
  let harness: Harness | undefined;
  let runtimes: ProjectionRuntime[] = [];
  beforeEach(async () => {
    database = await target.create();
    harness = await openHarness(database);
  });
  afterEach(async () => {
    for (const runtime of runtimes) await runtime.stop();
    runtimes = [];
    await harness?.close();
    await database?.destroy();
  });
  const h = () => {
    if (!harness) throw new Error('The harness opens before each test: read it inside a test');
    return harness;
  };
  return {
    get database() {
      if (!database) throw new Error('The database is made before each test: read it inside a test');
      return database;
    },
    get h() {
      return h();
    },
    start: async (options = {}) => {
      const runtime = createProjectionRuntime({ sql: h().sql, store: h().store, projectors: [], logger: silentLogger, ...defaults(h()), ...options });
      runtimes.push(runtime);
      await runtime.start();
      return runtime;
    },
  };
};
