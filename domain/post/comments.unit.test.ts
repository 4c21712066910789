import { describe, expect, it } from 'vitest';
import { DEFAULT_OFFER_TEXT, feedTexts } from './rules.js';
import { foldPost } from './state.js';
import { AUTHOR, NOW, OTHER, POST_ID, READER, append, commentCommand, created, given, thread } from './testing.js';

const likeComment = (actorId: string, commentId = 'c-1') => ({ type: 'LikeComment', postId: POST_ID, now: NOW, actorId, commentId }) as const;
const unlikeComment = (actorId: string, commentId = 'c-1') => ({ type: 'UnlikeComment', postId: POST_ID, now: NOW, actorId, commentId }) as const;

describe('commenting on a post', () => {
  it('adds a comment at depth 0 naming the post’s author', () => {
    given(created())
      .when(commentCommand({ content: '  Try #Jest  ', mentions: ['ada'] }))
      .then([
        {
          type: 'CommentAdded',
          data: {
            postId: POST_ID,
            postAuthorId: AUTHOR,
            commentId: 'c-1',
            authorId: READER,
            content: 'Try #Jest',
            parentCommentId: null,
            parentAuthorId: null,
            depth: 0,
            isOffer: false,
            skillOffered: null,
            tags: ['Jest'],
            mentions: ['ada'],
            isAiGenerated: false,
            aiRequestId: null,
          },
        },
      ]);
  });

  it('nests replies one level below their parent, naming the parent’s author', () => {
    const first = append(created(), commentCommand());
    given(first)
      .when(commentCommand({ commentId: 'c-2', actorId: OTHER, parentCommentId: 'c-1' }))
      .thenMatches([{ data: { parentCommentId: 'c-1', parentAuthorId: READER, depth: 1 } }]);
  });

  it('nests replies to depth 3 and refuses a fourth level, leaving the thread as it was', () => {
    const deepest = thread(3);
    const state = foldPost(deepest);
    expect(state.status === 'active' && [...state.comments.values()].map((c) => c.depth).sort()).toEqual([0, 1, 2, 3]);
    given(deepest)
      .when(commentCommand({ commentId: 'c-4', parentCommentId: 'c-3' }))
      .thenRefuses('VALIDATION', 'Replies nest only 3 levels deep');
    given(deepest)
      .when(commentCommand({ commentId: 'c-4', parentCommentId: 'c-2' }))
      .thenMatches([{ data: { depth: 3 } }]);
  });

  it('refuses a reply to a comment the post does not have, an empty or too long comment and a repeated id', () => {
    given(created())
      .when(commentCommand({ parentCommentId: 'nope' }))
      .thenRefuses('NOT_FOUND', feedTexts.commentNotFound);
    given(created())
      .when(commentCommand({ content: '  ' }))
      .thenRefuses('VALIDATION', feedTexts.commentRequired);
    given(created())
      .when(commentCommand({ content: 'x'.repeat(1001) }))
      .thenRefuses('VALIDATION', feedTexts.commentTooLong);
    given(created())
      .when(commentCommand({ content: 'x'.repeat(1000) }))
      .thenMatches([{ type: 'CommentAdded' }]);
    given(append(created(), commentCommand())).when(commentCommand()).thenRefuses('CONFLICT', feedTexts.commentExists);
    given(created())
      .when(commentCommand({ mentions: Array.from({ length: 11 }, (_, i) => `m${i}`) }))
      .thenRefuses('VALIDATION', feedTexts.tooManyMentions);
    given([]).when(commentCommand()).thenRefuses('NOT_FOUND', feedTexts.postNotFound);
  });
});

describe('offering help', () => {
  it('posts the spec’s default text, flagged as an offer of the post’s skill', () => {
    given(created())
      .when(commentCommand({ isOffer: true, content: '' }))
      .thenMatches([{ data: { content: "I can help u here! Let's SWAP in a call", isOffer: true, skillOffered: 'React' } }]);
    expect(DEFAULT_OFFER_TEXT).toBe("I can help u here! Let's SWAP in a call");
    given(created())
      .when(commentCommand({ isOffer: true, content: 'Happy to pair', skillOffered: 'Hooks' }))
      .thenMatches([{ data: { content: 'Happy to pair', skillOffered: 'Hooks' } }]);
  });

  it('is refused on one’s own post', () => {
    given(created())
      .when(commentCommand({ isOffer: true, actorId: AUTHOR }))
      .thenRefuses('VALIDATION', feedTexts.offerOnOwnPost);
  });
});

describe('liking a comment', () => {
  it('likes once per member and unlikes; repeats append nothing', () => {
    const commented = append(created(), commentCommand());
    given(commented)
      .when(likeComment(OTHER))
      .then([{ type: 'CommentLiked', data: { postId: POST_ID, commentId: 'c-1', commentAuthorId: READER, memberId: OTHER } }]);
    const liked = append(commented, likeComment(OTHER));
    given(liked).when(likeComment(OTHER)).then([]);
    given(liked)
      .when(unlikeComment(OTHER))
      .then([{ type: 'CommentUnliked', data: { postId: POST_ID, commentId: 'c-1', commentAuthorId: READER, memberId: OTHER } }]);
    given(commented).when(unlikeComment(OTHER)).then([]);
  });

  it('refuses a comment the post does not have', () => {
    given(created()).when(likeComment(OTHER, 'c-9')).thenRefuses('NOT_FOUND', 'Comment not found');
    given(created()).when(unlikeComment(OTHER, 'c-9')).thenRefuses('NOT_FOUND', 'Comment not found');
  });
});
