// Queries of the feed read model; they take `db` first and answer the shapes of api/contracts/feed-read.ts.
// The first page of the feed is one keyset read on an index of its sort and filter, the authors joined
// by key, and the stat cards read from twelve counter rows: no count over the posts.
import { sql, type Kysely } from 'kysely';
import type { CommentsPage, CommentView, FeedAuthor, FeedPage, FeedStats, PostCard, ResolvedMentionView } from '../../api/contracts/feed-read.js';
import type { AiStatus } from '../../api/contracts/feed.js';
import {
  AI_REPLY_TIMEOUT_MINUTES,
  AI_STATUS_CLEAR_MS,
  POST_URGENCIES,
  THE_S_BRAIN_ID,
  THE_S_BRAIN_NAME,
  feedTexts,
  type PostCategory,
  type PostUrgency,
} from '../../domain/post/rules.js';
import { toIso } from '../runtime/set-wise.js';
import type { ReadModelsDb } from '../read-models.js';
import { decodeCursor, decodeSeqCursor, encodeCursor, encodeSeqCursor } from './cursor.js';
import type { FeedCommentRow, FeedPostRow } from './tables.js';

/** An error stays on the card this long, then the card reads idle again. */
export const AI_ERROR_SHOWN_MS = 60_000;
const THINKING_TIMEOUT_MS = AI_REPLY_TIMEOUT_MINUTES * 60_000;

/** What the viewer may see: their id for 'liked by me', and whether deleted posts show (admins). */
export interface FeedViewer {
  memberId: string | null;
  isAdmin?: boolean;
  /** The clock the AI status is read against. */
  now: Date;
}

/** The status a card shows now: 'complete' clears after 3 s, a 'thinking' past the reply timeout reads as an error. */
export const aiStatusNow = (
  row: Pick<FeedPostRow, 'ai_status' | 'ai_status_at' | 'ai_status_message'>,
  now: Date,
): { status: AiStatus | null; message: string | null } => {
  if (!row.ai_status || !row.ai_status_at) return { status: null, message: null };
  const age = now.getTime() - new Date(toIso(row.ai_status_at)).getTime();
  if (row.ai_status === 'complete') return age < AI_STATUS_CLEAR_MS ? { status: 'complete', message: row.ai_status_message } : { status: null, message: null };
  if (row.ai_status === 'thinking') {
    if (age < THINKING_TIMEOUT_MS) return { status: 'thinking', message: null };
    return age < THINKING_TIMEOUT_MS + AI_ERROR_SHOWN_MS ? { status: 'error', message: feedTexts.aiTrouble } : { status: null, message: null };
  }
  return age < AI_ERROR_SHOWN_MS ? { status: 'error', message: row.ai_status_message ?? feedTexts.aiTrouble } : { status: null, message: null };
};

/** Names and avatars of members (The S brain included), by id. */
export const authorsOf = async (db: Kysely<ReadModelsDb>, ids: Iterable<string>): Promise<Map<string, FeedAuthor>> => {
  const wanted = [...new Set(ids)];
  const found = new Map<string, FeedAuthor>();
  if (wanted.includes(THE_S_BRAIN_ID)) found.set(THE_S_BRAIN_ID, { id: THE_S_BRAIN_ID, name: THE_S_BRAIN_NAME, avatar: null });
  const members = wanted.filter((id) => id !== THE_S_BRAIN_ID);
  if (members.length === 0) return found;
  const rows = await db
    .selectFrom('members')
    .select(['id', 'name', 'avatar_url'])
    .where('id', '=', sql<string>`any(${members}::text[])`)
    .execute();
  for (const row of rows) found.set(row.id, { id: row.id, name: row.name, avatar: row.avatar_url });
  return found;
};

const authorOr = (authors: Map<string, FeedAuthor>, id: string): FeedAuthor => authors.get(id) ?? { id, name: 'Former member', avatar: null };
// A mention of a member who left reads as text again: only members still known are listed.
const mentionsOf = (ids: readonly string[], authors: Map<string, FeedAuthor>): ResolvedMentionView[] =>
  ids.flatMap((id) => {
    const author = authors.get(id);
    return author ? [{ id, name: author.name }] : [];
  });

type PostWithLike = FeedPostRow & {
  liked_by_me: boolean;
  author_name: string | null;
  author_avatar: string | null;
  /** The mentioned members still known, with their names (json from the database). */
  mention_names: unknown;
};

/** json columns arrive parsed from one driver and as text from another. */
const fromJson = <T>(value: unknown, empty: T): T =>
  value === null || value === undefined ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

const toCard = (row: PostWithLike, authors: Map<string, FeedAuthor>, now: Date): PostCard => {
  const ai = aiStatusNow(row, now);
  return {
    id: row.id,
    user_id: row.author_id,
    author: authorOr(authors, row.author_id),
    content: row.content,
    category: row.category,
    urgency: row.urgency,
    skill_needed: row.skill_needed,
    tags: row.tags,
    mentions: mentionsOf(row.mentions, authors),
    media_attachments: row.media_attachments,
    likes_count: row.likes_count,
    liked_by_me: Boolean(row.liked_by_me),
    comment_count: row.comment_count,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    edited: row.edited,
    deleted: row.deleted,
    ai_status: ai.status,
    ai_status_message: ai.message,
  };
};

// A probe of the like's key per row shown: as EXISTS the planner may hash every like of the member
// instead (a scan of the likes table: 60 ms at 300,000 likes); a scalar subquery with LIMIT stays a probe.
const likedByMe = (memberId: string | null) =>
  (memberId === null
    ? sql<boolean>`false`
    : sql<boolean>`coalesce((select true from feed_post_likes l where l.post_id = feed_posts.id and l.member_id = ${memberId} limit 1), false)`
  ).as('liked_by_me');

// The author and the mentioned members' names come with the post (one read for the page); The S brain is no member row.
const cards = (rows: readonly PostWithLike[], now: Date): PostCard[] =>
  rows.map((row) => {
    const authors = new Map<string, FeedAuthor>([[THE_S_BRAIN_ID, { id: THE_S_BRAIN_ID, name: THE_S_BRAIN_NAME, avatar: null }]]);
    for (const m of fromJson<{ id: string; name: string }[]>(row.mention_names, [])) authors.set(m.id, { id: m.id, name: m.name, avatar: null });
    if (row.author_name !== null) authors.set(row.author_id, { id: row.author_id, name: row.author_name, avatar: row.author_avatar });
    return toCard(row, authors, now);
  });

const mentionNames =
  sql<unknown>`(case when feed_posts.mentions = '[]'::jsonb then null else (select json_agg(json_build_object('id', m.id, 'name', m.name)) from members m where m.id = any(array(select jsonb_array_elements_text(feed_posts.mentions)))) end)`.as(
    'mention_names',
  );

/** Posts with the viewer's like, the author's name and avatar and the mentioned members' names, in one read. */
const postsWithAuthors = (db: Kysely<ReadModelsDb>, memberId: string | null) =>
  db
    .selectFrom('feed_posts')
    .leftJoin('members', 'members.id', 'feed_posts.author_id')
    .selectAll('feed_posts')
    .select(['members.name as author_name', 'members.avatar_url as author_avatar', likedByMe(memberId), mentionNames]);

/** One post, or null when unknown (or deleted, unless the viewer is an admin). */
export const getPostCard = async (db: Kysely<ReadModelsDb>, postId: string, viewer: FeedViewer): Promise<PostCard | null> => {
  const row = await postsWithAuthors(db, viewer.memberId).where('feed_posts.id', '=', postId).executeTakeFirst();
  if (!row || (row.deleted && !viewer.isAdmin)) return null;
  return cards([row], viewer.now)[0]!;
};

/** The post's author and whether it is deleted, for the routes' 403 and 404; null when unknown. */
export const postOwnership = async (db: Kysely<ReadModelsDb>, postId: string) =>
  (await db.selectFrom('feed_posts').select(['author_id', 'deleted']).where('id', '=', postId).executeTakeFirst()) ?? null;

const statsOf = (category: PostCategory | undefined) =>
  sql<unknown>`(select json_object_agg(s.urgency, s.n) from (select urgency, sum(posts) as n from feed_counters where category = ${category ?? null} or ${category ?? null}::text is null group by urgency) s)`;

const statsFrom = (counts: Partial<Record<PostUrgency, number>>): FeedStats => {
  const by = Object.fromEntries(POST_URGENCIES.map((u) => [u, Number(counts[u] ?? 0)])) as Record<PostUrgency, number>;
  return { total: by.high + by.medium + by.low, ...by };
};

/** The four stat cards: posts not deleted, in `category` when given. */
export const feedStats = async (db: Kysely<ReadModelsDb>, category?: PostCategory): Promise<FeedStats> => {
  const row = await db.selectNoFrom(statsOf(category).as('stats')).executeTakeFirst();
  return statsFrom(fromJson<Partial<Record<PostUrgency, number>>>(row?.stats, {}));
};

export interface FeedPageQuery {
  urgency?: PostUrgency | undefined;
  category?: PostCategory | undefined;
  sort: 'recent' | 'popular';
  cursor?: string | undefined;
  limit: number;
}

/** Posts with at most this many likes carry their likers with the page; others are probed per viewer. */
export const LIKERS_KEPT_MAX = 200;

/** A page as every member sees it, with the members who like each post (unknown for posts with many likes). */
export interface FeedPageForAll {
  page: FeedPage;
  likers: ReadonlyMap<string, ReadonlySet<string>>;
}

const likersOf =
  sql<unknown>`(case when feed_posts.likes_count = 0 then '[]'::json when feed_posts.likes_count <= ${LIKERS_KEPT_MAX} then (select json_agg(l.member_id) from feed_post_likes l where l.post_id = feed_posts.id) end)`.as(
    'likers',
  );

/**
 * A page of the feed, newest or most popular first, with the next page's cursor (null at the end), as
 * every member sees it, and who likes its posts: likedOnPage and markLiked mark the viewer's likes. The runtime's
 * cache shares this value between members (first-page.ts), so a member's first page needs no read of
 * their own unless a post on it has more than LIKERS_KEPT_MAX likes.
 */
export const feedPageForAll = async (db: Kysely<ReadModelsDb>, query: FeedPageQuery, viewer: Omit<FeedViewer, 'memberId'>): Promise<FeedPageForAll> => {
  let select = postsWithAuthors(db, null);
  // An admin reads deleted posts too; everyone else reads the partial order of deleted = false.
  if (!viewer.isAdmin) select = select.where('feed_posts.deleted', '=', false);
  if (query.urgency) select = select.where('feed_posts.urgency', '=', query.urgency);
  if (query.category) select = select.where('feed_posts.category', '=', query.category);
  const after = decodeCursor(query.cursor, query.sort);
  if (query.sort === 'popular') {
    if (after)
      select = select.where(
        sql<boolean>`(feed_posts.popularity, feed_posts.created_at, feed_posts.id) < (${after.popularity}, ${after.createdAt}::timestamptz, ${after.id})`,
      );
    select = select.orderBy('feed_posts.popularity', 'desc');
  } else if (after) {
    select = select.where(sql<boolean>`(feed_posts.created_at, feed_posts.id) < (${after.createdAt}::timestamptz, ${after.id})`);
  }
  // The stat cards ride along as an uncorrelated subquery (evaluated once): one round trip per page.
  const rows = await select
    .select([statsOf(query.category).as('stats'), likersOf])
    .orderBy('feed_posts.created_at', 'desc')
    .orderBy('feed_posts.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const stats = rows[0] ? statsFrom(fromJson<Partial<Record<PostUrgency, number>>>(rows[0].stats, {})) : await feedStats(db, query.category);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const next = rows.length > query.limit && last ? encodeCursor({ popularity: last.popularity, createdAt: toIso(last.created_at), id: last.id }) : null;
  const likers = new Map(page.flatMap((row) => (row.likers === null ? [] : [[row.id, new Set(fromJson<string[]>(row.likers, []))] as const])));
  return { page: { posts: cards(page, viewer.now), next_cursor: next, stats }, likers };
};

/** Which of the page's posts the member likes: from the likers the page carries, and one probe for posts with more. */
export const likedOnPage = async (db: Kysely<ReadModelsDb>, { page, likers }: FeedPageForAll, memberId: string | null): Promise<Set<string>> => {
  if (memberId === null) return new Set();
  const unknown = page.posts.filter((post) => !likers.has(post.id)).map((post) => post.id);
  const probed =
    unknown.length === 0
      ? []
      : await db
          .selectFrom('feed_post_likes')
          .select('post_id')
          .where('post_id', '=', sql<string>`any(${unknown}::text[])`)
          .where('member_id', '=', memberId)
          .execute();
  const liked = new Set(probed.map((row) => row.post_id));
  for (const post of page.posts) if (likers.get(post.id)?.has(memberId)) liked.add(post.id);
  return liked;
};

/** The page with the member's likes marked: a new page (the given one may be shared). */
export const markLiked = (page: FeedPage, liked: ReadonlySet<string>): FeedPage => ({
  ...page,
  posts: page.posts.map((post) => ({ ...post, liked_by_me: liked.has(post.id) })),
});

const toComment = (row: FeedCommentRow, authors: Map<string, FeedAuthor>, liked: ReadonlySet<string>): CommentView => ({
  id: row.id,
  post_id: row.post_id,
  user_id: row.author_id,
  author: authorOr(authors, row.author_id),
  content: row.content,
  parent_comment_id: row.parent_id,
  depth: row.depth,
  is_offer: row.is_offer,
  skill_offered: row.skill_offered,
  is_ai_generated: row.is_ai_generated,
  tags: row.tags,
  mentions: mentionsOf(row.mentions, authors),
  likes_count: row.likes_count,
  liked_by_me: liked.has(row.id),
  created_at: toIso(row.created_at),
  replies: [],
});

/** Comments as views, nested under their parents (rows in creation order); the roots are returned. */
const commentTree = async (db: Kysely<ReadModelsDb>, rows: readonly FeedCommentRow[], memberId: string | null): Promise<Map<string, CommentView>> => {
  const ids = rows.map((r) => r.id);
  const [authors, likedRows] = await Promise.all([
    authorsOf(
      db,
      rows.flatMap((r) => [r.author_id, ...r.mentions]),
    ),
    memberId && ids.length > 0
      ? db
          .selectFrom('feed_comment_likes')
          .select('comment_id')
          .where('member_id', '=', memberId)
          .where('comment_id', '=', sql<string>`any(${ids}::text[])`)
          .execute()
      : Promise.resolve([]),
  ]);
  const liked = new Set(likedRows.map((r) => r.comment_id));
  const views = new Map(rows.map((row) => [row.id, toComment(row, authors, liked)]));
  for (const row of rows) {
    const parent = row.parent_id ? views.get(row.parent_id) : undefined;
    if (parent) parent.replies.push(views.get(row.id)!);
  }
  return views;
};

/** One comment with its replies, or null (also when its post is deleted and the viewer no admin). */
export const getComment = async (db: Kysely<ReadModelsDb>, commentId: string, viewer: FeedViewer): Promise<CommentView | null> => {
  const row = await db.selectFrom('feed_comments').selectAll().where('id', '=', commentId).executeTakeFirst();
  if (!row) return null;
  const rows = await db.selectFrom('feed_comments').selectAll().where('root_id', '=', row.root_id).orderBy('created_at').orderBy('id').execute();
  return (await commentTree(db, rows, viewer.memberId)).get(commentId) ?? null;
};

/** The post a comment belongs to, for the like routes; null when unknown. */
export const commentPostId = async (db: Kysely<ReadModelsDb>, commentId: string): Promise<string | null> =>
  (await db.selectFrom('feed_comments').select('post_id').where('id', '=', commentId).executeTakeFirst())?.post_id ?? null;

/**
 * A page of a post's top-level comments, oldest first, each with its whole reply tree (depth <= 3).
 * The caller checked the post is visible to the viewer.
 */
export const commentsPage = async (
  db: Kysely<ReadModelsDb>,
  postId: string,
  query: { cursor?: string | undefined; limit: number },
  viewer: FeedViewer,
): Promise<CommentsPage> => {
  const after = decodeSeqCursor(query.cursor);
  let select = db.selectFrom('feed_comments').selectAll().where('post_id', '=', postId).where('depth', '=', 0);
  if (after !== null) select = select.where('seq', '>', after);
  const [tops, post, topTotal] = await Promise.all([
    select
      .orderBy('seq')
      .limit(query.limit + 1)
      .execute(),
    db.selectFrom('feed_posts').select('comment_count').where('id', '=', postId).executeTakeFirst(),
    db
      .selectFrom('feed_comments')
      .select(sql<number>`count(*)`.as('n'))
      .where('post_id', '=', postId)
      .where('depth', '=', 0)
      .executeTakeFirst(),
  ]);
  const page = tops.slice(0, query.limit);
  const last = page.at(-1);
  const replies =
    page.length === 0
      ? []
      : await db
          .selectFrom('feed_comments')
          .selectAll()
          .where('root_id', '=', sql<string>`any(${page.map((c) => c.id)}::text[])`)
          .where('depth', '>', 0)
          .orderBy('seq')
          .execute();
  const views = await commentTree(db, [...page, ...replies], viewer.memberId);
  const shownBefore =
    after !== null
      ? Number(
          (
            await db
              .selectFrom('feed_comments')
              .select(sql<number>`count(*)`.as('n'))
              .where('post_id', '=', postId)
              .where('depth', '=', 0)
              .where('seq', '<=', after)
              .executeTakeFirst()
          )?.n ?? 0,
        )
      : 0;
  return {
    comments: page.map((c) => views.get(c.id)!),
    next_cursor: tops.length > query.limit && last ? encodeSeqCursor(last.seq) : null,
    total: post?.comment_count ?? 0,
    remaining: Math.max(0, Number(topTotal?.n ?? 0) - shownBefore - page.length),
  };
};
