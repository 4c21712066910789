// The audit's pages (issue 33 points 1-3): a chunk of their own beside the admin area's, loaded when an admin
// first opens one (admin-pages.tsx lazily imports this module).
export { EventsPage } from './events-page';
export { StreamPage } from './stream-page';
export { LedgerAuditPage } from './ledger-audit-page';
export { LedgerMovementsPage } from './ledger-movements-page';
