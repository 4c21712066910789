// Facts a projector learns from live batches and may rely on in the next ones (types.ts ProjectorMemory).
// What a batch learns is held apart until the runtime has committed that batch: a batch that rolled
// back, or was replayed event by event, must not leave behind a fact its rows never made true.
import type { ProjectorMemory } from '../types.js';

/** More facts than this and the memory starts afresh: it only saves reads, so forgetting is always safe. */
const MAX_FACTS = 100_000;

export interface RuntimeMemory {
  /** The memory one apply call is given; forgets whatever an earlier uncommitted batch learned. */
  forBatch(): ProjectorMemory;
  /** The batch that was last given the memory committed. */
  committed(): void;
  /** The read model may have been replaced (a rebuild swapped it in): forget everything. */
  clear(): void;
}

export const createRuntimeMemory = (): RuntimeMemory => {
  let known = new Set<string>();
  let pending: string[] = [];
  const memory: ProjectorMemory = {
    has: (key) => known.has(key),
    learn: (key) => void pending.push(key),
  };
  return {
    forBatch() {
      pending = [];
      return memory;
    },
    committed() {
      if (known.size + pending.length > MAX_FACTS) known = new Set();
      for (const key of pending) known.add(key);
      pending = [];
    },
    clear() {
      known = new Set();
      pending = [];
    },
  };
};
