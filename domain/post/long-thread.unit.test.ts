// A post's state is folded from a long stream whole, and one more event leaves every earlier state as
// it was: the command runtime keeps states and folds only the events after them (issue 29, 18b).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PostEvent } from './events.js';
import { evolve, foldPost } from './state.js';
import { AUTHOR, POST_ID, append, commentCommand, created } from './testing.js';

const member = fc.constantFrom('m-1', 'm-2', 'm-3');
const commentId = fc.constantFrom('c-1', 'c-2', 'c-3', 'c-4');
const ref = { postId: POST_ID, commentAuthorId: AUTHOR };
const event: fc.Arbitrary<PostEvent> = fc.oneof(
  fc.record({ commentId, memberId: member }).map(({ commentId: id, memberId }) => append(created(), commentCommand({ commentId: id, actorId: memberId })).at(-1)!),
  fc.record({ commentId, memberId: member }).map((data): PostEvent => ({ type: 'CommentLiked', data: { ...ref, ...data } })),
  fc.record({ commentId, memberId: member }).map((data): PostEvent => ({ type: 'CommentUnliked', data: { ...ref, ...data } })),
  member.map((memberId): PostEvent => ({ type: 'PostLiked', data: { postId: POST_ID, postAuthorId: AUTHOR, memberId } })),
  member.map((memberId): PostEvent => ({ type: 'PostUnliked', data: { postId: POST_ID, postAuthorId: AUTHOR, memberId } })),
  fc
    .record({ commentId, memberId: member, feedback: fc.constantFrom('helpful' as const, 'unhelpful' as const) })
    .map((data): PostEvent => ({ type: 'AiFeedbackGiven', data: { postId: POST_ID, ...data } })),
);

describe('a post state folded from a long stream', () => {
  it('is the same folded in one go or onto a state kept from a prefix, and the kept state does not change', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), fc.nat(), (later, cut) => {
        const events = [...created(), ...later];
        const at = cut % (events.length + 1);
        const kept = foldPost(events.slice(0, at));
        const resumed = events.slice(at).reduce(evolve, kept);
        expect(resumed).toEqual(foldPost(events));
        expect(kept).toEqual(foldPost(events.slice(0, at)));
      }),
    );
  });

  // How long the fold takes is measured in `npm run bench` (long-streams, state-at), not here: a timed unit
  // test fails on a busy machine and proves nothing on a quiet one.
  it('folds a stream of 16,000 comments, likes and post likes into a state holding each of them', () => {
    const [post] = created();
    const comment = append(created(), commentCommand({ commentId: 'c-0' })).at(-1)!;
    const history = (comments: number): PostEvent[] => {
      const events: PostEvent[] = [post!];
      for (let i = 0; i < comments; i += 1) {
        const commentId = `c-${i}`;
        events.push({ ...comment, data: { ...comment.data, commentId } } as PostEvent);
        events.push({ type: 'CommentLiked', data: { ...ref, commentId, memberId: `m-${i}` } });
        events.push({ type: 'PostLiked', data: { postId: POST_ID, postAuthorId: AUTHOR, memberId: `m-${i}` } });
      }
      return events;
    };
    const long = history(16_000);
    const state = foldPost(long);
    expect(state.status === 'active' && [state.comments.size, state.likedBy.size, state.comments.get('c-7')?.likedBy.has('m-7')]).toEqual([16_000, 16_000, true]);
  });
});
