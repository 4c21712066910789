// Rebuilds several read models one after the other (the CLI and tests call this).
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { EventStore } from '../../eventstore/types.js';
import type { Projector } from '../types.js';
import { rebuildProjector, type RebuildOutcome, type RebuildProgress } from './rebuild-projector.js';

export class UnknownProjectorError extends Error {
  readonly code = 'UNKNOWN_PROJECTOR';
  constructor(
    readonly unknown: string[],
    known: string[],
  ) {
    super(`Unknown read model${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known: ${known.join(', ')}`);
    this.name = 'UnknownProjectorError';
  }
}

export interface RebuildProjectorsOptions {
  sql: SqlConnection;
  store: EventStore;
  projectors: readonly Projector[];
  /** Names to rebuild; all projectors when absent or empty. */
  names?: readonly string[];
  onProgress?: (progress: RebuildProgress) => void;
  batchSize?: number;
  signal?: AbortSignal;
}

/** Picks projectors by name, in the order given; throws UnknownProjectorError for names not found. */
export const selectProjectors = (projectors: readonly Projector[], names?: readonly string[]): Projector[] => {
  if (!names || names.length === 0) return [...projectors];
  const byName = new Map(projectors.map((p) => [p.name, p]));
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length > 0) throw new UnknownProjectorError(unknown, [...byName.keys()]);
  return [...new Set(names)].map((n) => byName.get(n)!);
};

export const rebuildProjectors = async (options: RebuildProjectorsOptions): Promise<RebuildOutcome[]> => {
  const selected = selectProjectors(options.projectors, options.names);
  const outcomes: RebuildOutcome[] = [];
  for (const projector of selected) {
    const outcome = await rebuildProjector({
      sql: options.sql,
      store: options.store,
      projector,
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    outcomes.push(outcome);
    if (outcome.status === 'aborted') break;
  }
  return outcomes;
};
