// The feed read model from a told history (decided by the post domain, recorded as the store would):
// counts kept in the rows, stat counters per category and urgency, likes that end and start again,
// threads with their roots, the AI status read against the clock, and the same rows whatever the
// batches (what a rebuild or a catch-up gives).
import { describe, expect, it } from 'vitest';
import type { PostCommand } from '../../domain/post/commands.js';
import { postDecider } from '../../domain/post/decide.js';
import type { PostEvent } from '../../domain/post/events.js';
import { AI_STATUS_CLEAR_MS, feedTexts } from '../../domain/post/rules.js';
import { foldPost } from '../../domain/post/state.js';
import { createCommentCommand, createPostCommand } from './testing.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { membersProjector } from '../members/projector.js';
import { feedProjector } from './projector.js';
import { LIKERS_KEPT_MAX, aiStatusNow, commentsPage, feedPageForAll, feedStats, getPostCard, likedOnPage, markLiked } from './queries.js';

const tell = (): RecordedEvent[] => {
  const log = createEventLog();
  const histories = new Map<string, PostEvent[]>();
  const run = (command: PostCommand) => {
    const history = histories.get(command.postId) ?? [];
    for (const event of postDecider.decide(command, foldPost(history))) {
      history.push(event);
      log.record(`post-${command.postId}`, event, command.now);
    }
    histories.set(command.postId, history);
  };
  const at = (minute: number) => `2026-03-02T09:${String(minute).padStart(2, '0')}:00.000Z`;
  run(createPostCommand({ postId: 'p1', now: at(0), actorId: 'ann', category: 'development', urgency: 'high' }));
  run(createPostCommand({ postId: 'p2', now: at(1), actorId: 'bob', category: 'design', urgency: 'low', content: 'Figma help' }));
  run(createPostCommand({ postId: 'p3', now: at(2), actorId: 'ann', category: 'design', urgency: 'medium', content: 'Soon deleted' }));
  run({ type: 'LikePost', postId: 'p1', now: at(3), actorId: 'bob' });
  run({ type: 'LikePost', postId: 'p1', now: at(4), actorId: 'cat' });
  run({ type: 'UnlikePost', postId: 'p1', now: at(5), actorId: 'bob' });
  run({ type: 'LikePost', postId: 'p1', now: at(6), actorId: 'bob' }); // liked again: the like starts anew
  run(createCommentCommand({ postId: 'p1', now: at(7), actorId: 'bob', commentId: 'c1' }));
  run(createCommentCommand({ postId: 'p1', now: at(8), actorId: 'ann', commentId: 'c2', parentCommentId: 'c1' }));
  run(createCommentCommand({ postId: 'p1', now: at(9), actorId: 'cat', commentId: 'c3', parentCommentId: 'c2' }));
  run(createCommentCommand({ postId: 'p1', now: at(9), actorId: 'bob', commentId: 'c4' }));
  run({ type: 'LikeComment', postId: 'p1', now: at(10), actorId: 'ann', commentId: 'c3' });
  run({ type: 'LikeComment', postId: 'p1', now: at(11), actorId: 'bob', commentId: 'c3' });
  run({ type: 'UnlikeComment', postId: 'p1', now: at(12), actorId: 'ann', commentId: 'c3' });
  run({
    type: 'EditPost',
    postId: 'p2',
    now: at(13),
    actorId: 'bob',
    content: 'Figma and #Sketch help',
    urgency: 'high',
    skillNeeded: null,
    category: undefined,
    mentions: [],
    aiRequestId: 'ai-edit',
    assistantAvailable: false,
  });
  run({ type: 'DeletePost', postId: 'p3', now: at(14), actorId: 'ann' });
  run({ type: 'RequestAiReply', postId: 'p2', now: at(15), actorId: 'ann', requestId: 'r1', commentId: null, question: 'What is Sketch?' });
  run({ type: 'StartAiReply', postId: 'p2', now: at(16), requestId: 'r1', model: 'test-model' });
  return log.events;
};

describe.each(testTargets())('feed read model on $kind', (target) => {
  // The queries join the members read model for names (none here: authors read 'Former member').
  const spec = projectionSpec(target, feedProjector, { with: [membersProjector] });
  const events = tell();
  const viewer = (memberId: string, now = '2026-03-02T10:00:00.000Z', isAdmin = false) => ({ memberId, now: new Date(now), isAdmin });

  it('keeps the like and comment counts in the row, and who likes what', () =>
    spec.given(events).then(async (db) => {
      const p1 = await getPostCard(db, 'p1', viewer('bob'));
      expect(p1).toMatchObject({ likes_count: 2, liked_by_me: true, comment_count: 4, edited: false });
      expect((await getPostCard(db, 'p1', viewer('ann')))?.liked_by_me).toBe(false);
      const comments = await commentsPage(db, 'p1', { limit: 10 }, viewer('bob'));
      expect(comments.comments.map((c) => c.id)).toEqual(['c1', 'c4']);
      const c3 = comments.comments[0]!.replies[0]!.replies[0]!;
      expect(c3).toMatchObject({ id: 'c3', depth: 2, likes_count: 1, liked_by_me: true });
      expect(comments).toMatchObject({ total: 4, remaining: 0, next_cursor: null });
    }));

  it('counts posts per urgency in the counters, moved by an edit and dropped by a delete', () =>
    spec.given(events).then(async (db) => {
      expect(await feedStats(db)).toEqual({ total: 2, high: 2, medium: 0, low: 0 });
      expect(await feedStats(db, 'design')).toEqual({ total: 1, high: 1, medium: 0, low: 0 });
      const { page } = await feedPageForAll(db, { sort: 'recent', limit: 20 }, viewer('ann'));
      expect(page.posts.map((p) => p.id)).toEqual(['p2', 'p1']);
      expect(page.posts[0]).toMatchObject({ edited: true, urgency: 'high', skill_needed: 'Sketch', tags: ['Sketch'] });
      expect((await feedPageForAll(db, { sort: 'recent', limit: 20 }, viewer('adam', undefined, true))).page.posts.map((p) => p.id)).toEqual(['p3', 'p2', 'p1']);
      expect(await getPostCard(db, 'p3', viewer('ann'))).toBeNull();
    }));

  it('reads the AI status against the clock: thinking, then an error after the reply timeout', () =>
    spec.given(events).then(async (db) => {
      expect((await getPostCard(db, 'p2', viewer('ann', '2026-03-02T09:17:00.000Z')))?.ai_status).toBe('thinking');
      expect(await getPostCard(db, 'p2', viewer('ann', '2026-03-02T09:21:30.000Z'))).toMatchObject({ ai_status: 'error', ai_status_message: feedTexts.aiTrouble });
      const completedAt = new Date('2026-03-02T09:30:00.000Z');
      const complete = { ai_status: 'complete' as const, ai_status_at: completedAt, ai_status_message: feedTexts.aiResponded };
      expect(aiStatusNow(complete, new Date(completedAt.getTime() + AI_STATUS_CLEAR_MS - 1)).status).toBe('complete');
      expect(aiStatusNow(complete, new Date(completedAt.getTime() + AI_STATUS_CLEAR_MS)).status).toBeNull();
    }));

  it('announces new posts feed-wide, comments to their post, other changes as the post', () =>
    spec.given(events).then((_, { notices }) => {
      expect(notices).toContainEqual({ audience: { to: 'signed-in' }, payload: { type: 'new_posts', postId: 'p1', authorId: 'ann' } });
      expect(notices).toContainEqual({
        audience: { to: 'subscribers', topic: 'post:p1' },
        payload: { type: 'new_comment', postId: 'p1', isAI: false, comment: expect.objectContaining({ id: 'c3', depth: 2 }) },
      });
      expect(notices).toContainEqual({ audience: { to: 'subscribers', topic: 'post:p3' }, payload: { type: 'changed', scope: 'post', id: 'p3', postId: 'p3' } });
    }));

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or in many small ones', () =>
    spec.given(events).then(async (db) => {
      expect((await dumpTables(db, [feedProjector])).feed_post_likes).toHaveLength(2);
    }));

  it("marks a viewer's likes from the likers a shared page carries, and by a probe on a post with more likes than it carries", () => {
    const log = createEventLog();
    const now = '2026-03-02T11:00:00.000Z';
    let history: PostEvent[] = [];
    for (const command of [
      createPostCommand({ postId: 'p9', now, actorId: 'ann' }),
      ...Array.from({ length: LIKERS_KEPT_MAX + 1 }, (_, i): PostCommand => ({ type: 'LikePost', postId: 'p9', now, actorId: `fan-${i}` })),
    ])
      for (const event of postDecider.decide(command, foldPost(history))) {
        history = [...history, event];
        log.record('post-p9', event, now);
      }
    return spec.given([...events, ...log.events]).then(async (db) => {
      const shared = await feedPageForAll(db, { sort: 'recent', limit: 20 }, { now: new Date(now) });
      expect(shared.page.posts.map((p) => [p.id, p.likes_count, p.liked_by_me])).toEqual([
        ['p9', LIKERS_KEPT_MAX + 1, false],
        ['p2', 0, false],
        ['p1', 2, false],
      ]);
      expect(shared.likers.has('p9')).toBe(false);
      expect(shared.likers.get('p1')).toEqual(new Set(['bob', 'cat']));
      const likedBy = async (memberId: string) =>
        markLiked(shared.page, await likedOnPage(db, shared, memberId))
          .posts.filter((p) => p.liked_by_me)
          .map((p) => p.id);
      expect(await likedBy('fan-7')).toEqual(['p9']);
      expect(await likedBy('bob')).toEqual(['p1']);
      expect(await likedBy('ann')).toEqual([]);
      expect(shared.page.posts.every((p) => !p.liked_by_me)).toBe(true);
    });
  });
});
