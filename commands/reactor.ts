// A reactor turns events of one stream into commands on others (docs/reactors.md). The projection
// runtime runs it as a checkpointed follower of the global log (projections/runtime/reactor-consumer.ts on log-follower.ts,
// which takes this shape without importing it: commands/ and projections/ never import each other).
// `react` may run again for events it already handled, after a crash or a failed batch, so every
// command it issues must be idempotent: deterministic event ids, or a decider that answers "already
// done" with no events.
import type { RecordedEvent } from '../eventstore/types.js';

export interface Reactor {
  /** Names the reactor's checkpoint row and lock; never rename one that has run (it would start over). */
  name: string;
  /** Event types it reacts to. */
  handles: readonly string[];
  react(events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Where it starts when it has never run (no checkpoint row yet): 'beginning' (the default: it also
   * repairs the past), 'end' (only what happens from now on: an e-mail for every old event would be
   * wrong), or after a checkpoint. Read once; afterwards it goes on from its row.
   */
  startFrom?: 'beginning' | 'end' | { after: string } | undefined;
}
