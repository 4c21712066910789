// The feed's first pages as every member sees them, kept by the projection runtime's cache of a query
// (runtime/cached-query.ts; decisions 175 and 279): the page every member opens is the same for all
// but their likes, so it is read once for everyone until a post is created, changes or is commented on,
// or a member's name changes, and the API marks each member's likes on it (likedOnPage, markLiked). A later
// page (by its cursor) is kept the same way, per URL.
import type { Kysely } from 'kysely';
import { isChange } from '../../api/contracts/live.js';
import type { ReadModelsDb } from '../read-models.js';
import { defineCachedQuery } from '../runtime/cached-query.js';
import { feedPageForAll, type FeedPageQuery, type FeedViewer } from './queries.js';

export const feedFirstPages = defineCachedQuery({
  name: 'feed pages for all',
  // The feed's own notices (projector.ts: new post, new comment, a post's 'changed') and the member
  // directory's, whose names and pictures the cards show.
  clearedBy: (payload) => payload.type === 'new_posts' || payload.type === 'new_comment' || isChange(payload, 'post') || isChange(payload, 'members'),
  load: (db: Kysely<ReadModelsDb>, { query, viewer }: { query: FeedPageQuery; viewer: Omit<FeedViewer, 'memberId'> }) => feedPageForAll(db, query, viewer),
});
