// The one operations object (issue 30 point 1, DESIGN.md §13): what the admin and audit screens stand on,
// made once by the composition root (api/main.ts) from the parts that own each capability. The routes never
// reach around it to the events table, a stream's fold or a follower's loop.
import { wireStateAt } from '../commands/wiring.js';
import type { StateAtOperations } from '../commands/runtime/state-at.js';
import type { EventReads } from '../commands/runtime/types.js';
import type { LogBrowser } from '../eventstore/types.js';
import type { FollowerOperations } from '../projections/runtime/follower-operations.js';
import type { LedgerAuditOperations } from './ledger-audit/create-ledger-audit.js';

export interface Operations {
  /** The global log, filtered by type, stream, actor, subject, correlation, causation and time; keyset-paged (eventstore/). */
  readLog: LogBrowser['readLog'];
  /** A stream's state at any of its events, folded by the domain's own deciders (commands/runtime/state-at.ts). */
  stateAt: StateAtOperations['stateAt'];
  /** One stream's events from a revision (and up to one): a member's ledger movements, a page at a time. */
  readStream: EventReads['readStream'];
  /** Every stream category the catalogue knows, with its deciders or as a raw index stream. */
  streamCategories: StateAtOperations['categories'];
  /** Every projector and reactor: status, pause, resume, retry, skip, rebuild with progress (projections/runtime/). */
  followers: FollowerOperations;
  /** The ledger audit: the check after every batch, the full audits and their schedule, the findings (api/ledger-audit/). */
  ledgerAudit: LedgerAuditOperations;
}

export const createOperations = (parts: {
  store: LogBrowser & Pick<EventReads, 'readStream'>;
  followers: FollowerOperations;
  ledgerAudit: LedgerAuditOperations;
}): Operations => {
  const timeTravel = wireStateAt(parts.store);
  return {
    readLog: (query) => parts.store.readLog(query),
    stateAt: (streamId, position, options) => timeTravel.stateAt(streamId, position, options),
    readStream: (streamId, options) => parts.store.readStream(streamId, options),
    streamCategories: () => timeTravel.categories(),
    followers: parts.followers,
    ledgerAudit: parts.ledgerAudit,
  };
};
