// The lifecycle the followers' test files share: a fresh database and harness per test, and the
// projection runtimes a test starts on it, stopped and dropped after it. Call at the top of a describe.
// `openAnother` opens a second connection to the same database, as another API process has.
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
  /**
   * Starts a runtime on this test's store (or on `on`, another connection from openAnother): no
   * projectors and a silent logger unless `options` say otherwise.
   */
  start(options?: Partial<ProjectionRuntimeOptions>, on?: Harness): Promise<ProjectionRuntime>;
  /** Its own pool and LISTEN connection on this test's database, as another process would have; closed after the test. */
  openAnother(): Promise<Harness>;
}

export const followerRuntimes = (target: TestTarget, defaults: (h: Harness) => Partial<ProjectionRuntimeOptions> = () => ({})): FollowerRuntimes => {
  let database: TestDatabase | undefined;
  let harness: Harness | undefined;
  let runtimes: ProjectionRuntime[] = [];
  let others: Harness[] = [];
  beforeEach(async () => {
    database = await target.create();
    harness = await openHarness(database);
  });
  afterEach(async () => {
    for (const runtime of runtimes) await runtime.stop();
    runtimes = [];
    for (const other of others) await other.close();
    others = [];
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
    start: async (options = {}, on = h()) => {
      const runtime = createProjectionRuntime({ sql: on.sql, store: on.store, projectors: [], logger: silentLogger, ...defaults(h()), ...options });
      runtimes.push(runtime);
      await runtime.start();
      return runtime;
    },
    openAnother: async () => {
      if (!database) throw new Error('The database is made before each test: open another connection inside a test');
      const other = await openHarness(database);
      others.push(other);
      return other;
    },
  };
};
