// Queries of the admin-activities read model: a page of the admins' actions, newest first, keyset-paged
// by log position (a cursor that does not parse is a 400, never a full scan).
import type { Kysely } from 'kysely';
import { DomainError } from '../../domain/shared.js';
import { INVALID_ADMIN_ACTIVITIES_CURSOR, type AdminActivitiesResponse } from '../../api/contracts/admin-activities.js';
import type { ReadModelsDb } from '../read-models.js';

const encode = (position: string) => Buffer.from(`a${position}`).toString('base64url');

const decode = (raw: string | undefined): string | null => {
  if (raw === undefined || raw === '') return null;
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  if (!/^a\d{1,19}$/.test(text) || BigInt(text.slice(1)) > 9_223_372_036_854_775_807n) throw new DomainError('VALIDATION', INVALID_ADMIN_ACTIVITIES_CURSOR);
  return text.slice(1);
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const listAdminActivities = async (db: Kysely<ReadModelsDb>, page: { cursor?: string | undefined; limit: number }): Promise<AdminActivitiesResponse> => {
  const before = decode(page.cursor);
  let query = db
    .selectFrom('admin_activities as a')
    .leftJoin('members as m', 'm.id', 'a.actor_id')
    .select(['a.event_id', 'a.position', 'a.kind', 'a.outcome', 'a.actor_id', 'a.subject', 'a.detail', 'a.occurred_at', 'm.name as actor_name'])
    .orderBy('a.position', 'desc')
    .limit(page.limit + 1);
  if (before !== null) query = query.where('a.position', '<', before);
  const rows = await query.execute();
  const shown = rows.slice(0, page.limit);
  return {
    activities: shown.map((r) => ({
      id: r.event_id,
      kind: r.kind,
      outcome: r.outcome,
      actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? null },
      subject: r.subject,
      detail: r.detail,
      at: iso(r.occurred_at),
    })),
    nextCursor: rows.length > page.limit ? encode(String(shown.at(-1)!.position)) : null,
  };
};
