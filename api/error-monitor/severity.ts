// Severity and category by one written rule (decision 329), from where the error was caught:
//   critical  the database unreachable (a 503 of a lost connection), a projector or reactor stopped
//             (its read model or reaction stands still for everyone until an admin acts), a discrepancy
//             the ledger audit found (a member's points differ from their ledger: a follower's category,
//             since the audit is one and what it finds is a read model or a reaction gone wrong)
//   high      any other server 5xx, a React error boundary (a screen the member sees broken)
//   medium    a failed AI call (the member gets the spec's error text and may ask again), an unhandled
//             rejection in the browser (a background promise: often nothing shows)
//   low       any other window error (an event handler's throw; the page goes on)
// The category says where: the database, the API, a follower, the assistant, the browser. It follows from
// the stored source and severity (categoryOf), so the raw row needs no column of its own.
import type { ErrorCategory, ErrorSeverity } from '../contracts/admin-errors.js';
import type { ClientError } from '../contracts/client-errors.js';
import type { ErrorSource } from '../../telemetry/types.js';

export type CaughtAt =
  | { where: 'server'; databaseLost: boolean }
  | { where: 'follower' }
  | { where: 'ledger-audit' }
  | { where: 'assistant' }
  | { where: 'browser'; source: ClientError['source'] };

export const classify = (caught: CaughtAt): { source: ErrorSource; severity: ErrorSeverity } => {
  switch (caught.where) {
    case 'server':
      return { source: 'server', severity: caught.databaseLost ? 'critical' : 'high' };
    case 'follower':
    case 'ledger-audit':
      return { source: 'follower', severity: 'critical' };
    case 'assistant':
      return { source: 'ai', severity: 'medium' };
    case 'browser':
      return { source: 'client', severity: caught.source === 'boundary' ? 'high' : caught.source === 'unhandledrejection' ? 'medium' : 'low' };
  }
};

export const categoryOf = (source: ErrorSource, severity: ErrorSeverity): ErrorCategory => {
  switch (source) {
    case 'server':
      return severity === 'critical' ? 'database' : 'api';
    case 'follower':
      return 'follower';
    case 'ai':
      return 'assistant';
    case 'client':
      return 'browser';
  }
};
