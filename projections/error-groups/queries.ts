// Queries of the error-groups read model: a group's history, newest first, with the admins' names.
import type { Kysely } from 'kysely';
import type { ErrorGroupDetail } from '../../api/contracts/admin-errors.js';
import type { ReadModelsDb } from '../read-models.js';
import { toIso } from '../runtime/set-wise.js';

export const ERROR_GROUP_HISTORY_SHOWN = 50;

export const errorGroupHistory = async (db: Kysely<ReadModelsDb>, groupId: string): Promise<ErrorGroupDetail['history']> => {
  const rows = await db
    .selectFrom('error_group_history as h')
    .leftJoin('members as m', 'm.id', 'h.by')
    .select(['h.action', 'h.by', 'm.name', 'h.at', 'h.reason', 'h.app_version'])
    .where('h.group_id', '=', groupId)
    .orderBy('h.position', 'desc')
    .limit(ERROR_GROUP_HISTORY_SHOWN)
    .execute();
  return rows.map((row) => ({ action: row.action, by: row.by, byName: row.name ?? null, at: toIso(row.at), reason: row.reason, appVersion: row.app_version }));
};
