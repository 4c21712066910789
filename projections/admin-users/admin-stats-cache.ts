// The dashboard's figures kept by the projection runtime's cache of a query (runtime/cached-query.ts;
// decision 312): every admin sees the same figures, so a room of dashboards (and the spec's 30 s
// polling while a socket is down) costs one read until the read model announces a change. The answer
// says when it was computed (`asOf`); the cache refreshes it 2 s after its load even without a change,
// because 'active' and 'yesterday' move with the clock: an answer is at most about 2 s old.
import type { Kysely } from 'kysely';
import { isChange } from '../../api/contracts/live.js';
import type { ReadModelsDb } from '../read-models.js';
import { defineCachedQuery } from '../runtime/cached-query.js';
import { adminStats } from './admin-stats.js';

/** The one key: the figures are the same for every admin. */
export const ADMIN_STATS_KEY = 'admin-stats';

export const adminStatsCache = defineCachedQuery({
  name: 'admin stats',
  // The admin-users read model announces every batch to the admins (`changed`, scope `admin`).
  clearedBy: (payload) => isChange(payload, 'admin'),
  load: (db: Kysely<ReadModelsDb>, { asOf }: { asOf: string }) => adminStats(db, asOf),
  ttlMs: 2_000,
  maxEntries: 1,
});
