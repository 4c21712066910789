// A deploy of the next version of the sessions read model over a seeded log, for the tests of 'catching
// up' (api/plugins/catching-up.ts): the server starts with the log and the current version's tables,
// and rebuilds sessions at its next version beside them, one event a transaction.
import { allProjectors } from '../../projections/all-projectors.js';
import { createProjectionRuntime } from '../../projections/runtime/projection-runtime.js';
import { silentLogger } from '../../projections/runtime/logger.js';
import { sessionsProjector } from '../../projections/sessions/projector.js';
import type { Projector } from '../../projections/types.js';
import { seedHistory } from '../projections/support/seed.js';
import { eventually } from './assistant-fixtures.js';
import type { TestServerOptions } from './test-server.js';

export interface RebuildingSessions {
  /** The server options that make it. */
  options: Required<Pick<TestServerOptions, 'projectors' | 'rebuildBatchSize' | 'beforeRuntime'>>;
  /** Batches cost `delayMs` while true; set it false and the rebuild finishes at full speed. */
  slow: { on: boolean };
}

/**
 * The slowness is the workload (an expensive rebuild), not a wait for an outcome: each batch that handles
 * an event (about 8 of a seeded member's 17 events) costs `delayMs` while `slow.on`, so the rebuild lasts
 * members x 8 x delayMs or more unless the test turns it off once it has seen what it came for; then the
 * rest takes a few ms an event. No batch is held open: on PGlite a batch holds the one connection, and
 * every request with it.
 */
export const rebuildingSessions = ({ members, delayMs }: { members: number; delayMs: number }): RebuildingSessions => {
  const slow = { on: true };
  const nextVersion: Projector = {
    ...sessionsProjector,
    version: sessionsProjector.version + 1,
    async apply(db, events) {
      if (slow.on) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return sessionsProjector.apply(db, events);
    },
  };
  return {
    slow,
    options: {
      projectors: allProjectors.map((p) => (p.name === sessionsProjector.name ? nextVersion : p)),
      // One event a transaction: the rebuild reports progress many times before it is done.
      rebuildBatchSize: 1,
      // The log as it stood under the current version, with its sessions read model built.
      beforeRuntime: async ({ sql, store }) => {
        await seedHistory(store, { members, sessionsPerMember: 4 });
        const current = createProjectionRuntime({ sql, store, projectors: [sessionsProjector], logger: silentLogger });
        await current.start();
        try {
          await eventually(async () => ((await current.status())[0]?.lag === 0 ? true : undefined), 20_000, 'the current sessions read model');
        } finally {
          await current.stop();
        }
      },
    },
  };
};
