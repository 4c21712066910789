import { describe, expect, it } from 'vitest';
import type { MediaAttachment } from './events.js';
import { postStreamId } from './events.js';
import { feedTexts, THE_S_BRAIN_ID } from './rules.js';
import { foldPost, likesCount } from './state.js';
import { AUTHOR, NOW, OTHER, POST_ID, READER, append, commentCommand, createCommand, created, given } from './testing.js';

const edit = (overrides: Record<string, unknown> = {}) =>
  ({
    type: 'EditPost',
    postId: POST_ID,
    now: NOW,
    actorId: AUTHOR,
    content: 'Need help with #React hooks',
    urgency: 'high',
    skillNeeded: null,
    mentions: [],
    aiRequestId: 'ai-e',
    assistantAvailable: true,
    ...overrides,
  }) as const;
const like = (actorId: string) => ({ type: 'LikePost', postId: POST_ID, now: NOW, actorId }) as const;
const unlike = (actorId: string) => ({ type: 'UnlikePost', postId: POST_ID, now: NOW, actorId }) as const;
const remove = (actorId: string) => ({ type: 'DeletePost', postId: POST_ID, now: NOW, actorId }) as const;

const image: MediaAttachment = {
  id: 'm-1',
  type: 'image',
  url: 'https://media.example/p/1.jpg',
  thumbnailUrl: null,
  title: null,
  description: null,
  provider: null,
  width: 800,
  height: 600,
  aspectRatio: 'custom',
  sizeBytes: 1_900_000,
  createdAt: NOW,
};

describe('creating a post', () => {
  it('records the trimmed content, its #tags, the first tag as the skill needed and the mentions once each', () => {
    given([])
      .when(createCommand({ content: '  Stuck on #React and #TypeScript, @ada?  ', mentions: ['ada', 'ada', 'bob'], mediaAttachments: [image] }))
      .then([
        {
          type: 'PostCreated',
          data: {
            postId: POST_ID,
            authorId: AUTHOR,
            content: 'Stuck on #React and #TypeScript, @ada?',
            category: 'development',
            urgency: 'high',
            skillNeeded: 'React',
            tags: ['React', 'TypeScript'],
            mentions: ['ada', 'bob'],
            mediaAttachments: [image],
          },
        },
      ]);
    expect(postStreamId(POST_ID)).toBe('post-post-1');
    expect(foldPost(created()).status).toBe('active');
  });

  it('keeps a skill given, and says General Help with neither skill nor tag', () => {
    given([])
      .when(createCommand({ skillNeeded: ' Figma ' }))
      .thenMatches([{ data: { skillNeeded: 'Figma' } }]);
    given([])
      .when(createCommand({ content: 'Any tips?', skillNeeded: '  ' }))
      .thenMatches([{ data: { skillNeeded: 'General Help', tags: [] } }]);
  });

  it('takes 1 to 1000 characters after trimming', () => {
    given([])
      .when(createCommand({ content: `  ${'x'.repeat(1000)}  ` }))
      .thenMatches([{ type: 'PostCreated' }]);
    given([])
      .when(createCommand({ content: 'x'.repeat(1001) }))
      .thenRefuses('VALIDATION', 'Posts are at most 1000 characters');
    given([])
      .when(createCommand({ content: ' \n\t ' }))
      .thenRefuses('VALIDATION', feedTexts.contentRequired);
  });

  it('requires a category and a priority of the spec', () => {
    given([])
      .when(createCommand({ category: null }))
      .thenRefuses('VALIDATION', feedTexts.categoryRequired);
    given([])
      .when(createCommand({ category: 'gaming' }))
      .thenRefuses('VALIDATION', feedTexts.categoryRequired);
    given([])
      .when(createCommand({ urgency: null }))
      .thenRefuses('VALIDATION', feedTexts.urgencyRequired);
    given([])
      .when(createCommand({ urgency: 'urgent' }))
      .thenRefuses('VALIDATION', feedTexts.urgencyRequired);
  });

  it('mentions at most 10 members, and attaches only media it can show', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `m${i}`);
    given([])
      .when(createCommand({ mentions: ten }))
      .thenMatches([{ data: { mentions: ten } }]);
    given([])
      .when(createCommand({ mentions: [...ten, 'm10'] }))
      .thenRefuses('VALIDATION', feedTexts.tooManyMentions);
    given([])
      .when(createCommand({ mediaAttachments: [{ ...image, url: 'https://media.example/p/1.jpg?sig=abc' }] }))
      .thenRefuses('VALIDATION', feedTexts.attachmentInvalid);
    given([])
      .when(createCommand({ mediaAttachments: [{ ...image, type: 'exe' as never }] }))
      .thenRefuses('VALIDATION', feedTexts.attachmentInvalid);
    given([])
      .when(createCommand({ mediaAttachments: Array.from({ length: 11 }, (_, i) => ({ ...image, id: `m-${i}` })) }))
      .thenRefuses('VALIDATION', feedTexts.tooManyAttachments);
  });

  it('refuses a second creation of the same post', () => {
    given(created()).when(createCommand()).thenRefuses('CONFLICT', feedTexts.postExists);
  });
});

describe('editing a post', () => {
  it('lets the author change content, skill and priority, keeping the category, and names the newly mentioned', () => {
    const before = append([], createCommand({ mentions: ['ada'] }));
    given(before)
      .when(edit({ content: 'Now about #Redux, @ada @bob', urgency: 'low', mentions: ['ada', 'bob'] }))
      .then([
        {
          type: 'PostEdited',
          data: {
            postId: POST_ID,
            authorId: AUTHOR,
            content: 'Now about #Redux, @ada @bob',
            category: 'development',
            urgency: 'low',
            skillNeeded: 'Redux',
            tags: ['Redux'],
            mentions: ['ada', 'bob'],
            newMentions: ['bob'],
          },
        },
      ]);
    given(before)
      .when(edit({ category: 'design' }))
      .thenMatches([{ data: { category: 'design' } }]);
  });

  it('appends nothing when nothing changed', () => {
    given(created()).when(edit()).then([]);
  });

  it('refuses another member, an empty content and a missing priority', () => {
    given(created())
      .when(edit({ actorId: READER }))
      .thenRefuses('NOT_AUTHORISED', 'Only the author can edit this post');
    given(created())
      .when(edit({ content: '   ' }))
      .thenRefuses('VALIDATION', feedTexts.contentRequired);
    given(created())
      .when(edit({ urgency: null }))
      .thenRefuses('VALIDATION', feedTexts.urgencyRequired);
    given([]).when(edit()).thenRefuses('NOT_FOUND', 'Post not found');
  });
});

describe('deleting a post', () => {
  it('is the author’s alone, and soft: the post refuses everything afterwards', () => {
    given(created()).when(remove(READER)).thenRefuses('NOT_AUTHORISED', 'Only the author can delete this post');
    given(created())
      .when(remove(AUTHOR))
      .then([{ type: 'PostDeleted', data: { postId: POST_ID, authorId: AUTHOR, deletedBy: AUTHOR } }]);
    const deleted = append(created(), remove(AUTHOR));
    expect(foldPost(deleted)).toEqual({ status: 'deleted', postId: POST_ID, authorId: AUTHOR });
    const refused = [
      remove(AUTHOR),
      edit(),
      like(READER),
      unlike(READER),
      commentCommand(),
      { type: 'LikeComment', postId: POST_ID, now: NOW, actorId: READER, commentId: 'c-1' },
      { type: 'RequestAiReply', postId: POST_ID, now: NOW, actorId: READER, requestId: 'r', commentId: null, question: 'Why?' },
      { type: 'GiveAiFeedback', postId: POST_ID, now: NOW, actorId: READER, commentId: 'c-1', feedback: 'helpful' },
    ] as const;
    for (const command of refused) given(deleted).when(command).thenRefuses('NOT_FOUND', feedTexts.postDeleted);
  });
});

describe('liking a post', () => {
  it('likes once per member and unlikes; repeats append nothing', () => {
    given(created())
      .when(like(READER))
      .then([{ type: 'PostLiked', data: { postId: POST_ID, postAuthorId: AUTHOR, memberId: READER } }]);
    const liked = append(append(created(), like(READER)), like(OTHER));
    given(liked).when(like(READER)).then([]);
    const state = foldPost(liked);
    expect(state.status === 'active' && likesCount(state)).toBe(2);
    given(liked)
      .when(unlike(READER))
      .then([{ type: 'PostUnliked', data: { postId: POST_ID, postAuthorId: AUTHOR, memberId: READER } }]);
    given(created()).when(unlike(READER)).then([]);
  });

  it('lets the author like their own post (the spec: anyone may like)', () => {
    given(created())
      .when(like(AUTHOR))
      .thenMatches([{ type: 'PostLiked' }]);
    expect(THE_S_BRAIN_ID).not.toBe(AUTHOR);
  });
});
