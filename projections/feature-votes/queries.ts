// Queries of the feature-votes read model, in the shapes of spec 002 §3 (Feature vote, Feature comment).
import type { Kysely } from 'kysely';
import { toIso } from '../runtime/set-wise.js';
import type { ReadModelsDb } from '../read-models.js';
import type { FeatureComment, FeatureVoteCounts } from '../../api/contracts/feature-votes.js';
import type { FeatureStatus, VoteType } from '../../domain/feature-vote/features.js';

/** The newest comments a discussion shows, oldest first. */
export const FEATURE_COMMENTS_SHOWN = 200;

/** The three counts (never netted), and the status an admin set with its note. */
export const featureVoteCounts = async (db: Kysely<ReadModelsDb>, featureId: string): Promise<FeatureVoteCounts> => {
  const [counts, status] = await Promise.all([
    db
      .selectFrom('feature_votes')
      .select(['vote_type', db.fn.countAll<number>().as('n')])
      .where('feature_id', '=', featureId)
      .groupBy('vote_type')
      .execute(),
    db.selectFrom('feature_statuses').select(['status', 'note', 'changed_at']).where('feature_id', '=', featureId).executeTakeFirst(),
  ]);
  const of = (type: VoteType) => Number(counts.find((c) => c.vote_type === type)?.n ?? 0);
  return {
    feature_id: featureId,
    like: of('like'),
    neutral: of('neutral'),
    dislike: of('dislike'),
    status: (status?.status ?? 'open') as FeatureStatus,
    status_note: status?.note ?? '',
    status_changed_at: status ? toIso(status.changed_at) : null,
  };
};

export const memberFeatureVote = async (db: Kysely<ReadModelsDb>, featureId: string, memberId: string): Promise<VoteType | null> => {
  const row = await db.selectFrom('feature_votes').select('vote_type').where('feature_id', '=', featureId).where('member_id', '=', memberId).executeTakeFirst();
  return (row?.vote_type as VoteType | undefined) ?? null;
};

export const featureComments = async (db: Kysely<ReadModelsDb>, featureId: string, limit = FEATURE_COMMENTS_SHOWN): Promise<FeatureComment[]> => {
  const rows = await db
    .selectFrom('feature_comments as c')
    .leftJoin('members as m', 'm.id', 'c.member_id')
    .select(['c.id', 'c.feature_id', 'c.content', 'c.created_at', 'c.member_id', 'm.name', 'm.avatar_url', 'm.profile_image_url'])
    .where('c.feature_id', '=', featureId)
    .orderBy('c.position', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({
    id: r.id,
    feature_id: r.feature_id,
    content: r.content,
    created_at: toIso(r.created_at),
    user: { id: r.member_id, name: r.name ?? 'Member', avatar: r.avatar_url ?? r.profile_image_url ?? null },
  }));
};
