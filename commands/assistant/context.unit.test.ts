import { describe, expect, it } from 'vitest';
import type { AiReplyRequested, MediaAttachment } from '../../domain/post/events.js';
import { THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import type { PostThread } from '../../domain/post/thread.js';
import { MAX_CONTEXT_IMAGES, buildContext } from './context.js';

const image = (url: string, type: MediaAttachment['type'] = 'image'): MediaAttachment => ({
  id: url,
  type,
  url,
  thumbnailUrl: null,
  title: null,
  description: null,
  provider: null,
  width: 1,
  height: 1,
  aspectRatio: 'custom',
  sizeBytes: 1,
  createdAt: '2026-03-01T09:00:00.000Z',
});
const comment = (commentId: string, authorId: string, content: string, parentCommentId: string | null = null, depth = 0) => ({
  commentId,
  authorId,
  content,
  parentCommentId,
  depth,
  isAiGenerated: authorId === THE_S_BRAIN_ID,
});

const thread: PostThread = {
  postId: 'p1',
  authorId: 'ann',
  content: 'How do I price a logo?',
  category: 'design',
  urgency: 'high',
  skillNeeded: 'Logo design',
  deleted: false,
  mediaAttachments: [
    image('https://cdn.example.com/a.png'),
    image('https://cdn.example.com/v.mp4', 'video'),
    image('/media/local.png'),
    ...Array.from({ length: 6 }, (_, i) => image(`https://cdn.example.com/${i}.png`)),
  ],
  comments: [
    comment('c1', 'bob', 'Charge by the hour'),
    ...Array.from({ length: 12 }, (_, i) => comment(`x${i}`, 'cat', `Noise ${i}`)),
    comment('c2', 'ann', 'What rate though?', 'c1', 1),
  ],
};
const request = (triggerCommentId: string | null): AiReplyRequested['data'] => ({
  postId: 'p1',
  requestId: 'r1',
  requestedBy: 'ann',
  trigger: triggerCommentId ? 'comment_mention' : 'post_mention',
  triggerCommentId,
  replyToCommentId: triggerCommentId,
  question: '@The S brain what rate?',
  requestedAt: '2026-03-01T09:00:00.000Z',
});
const names = new Map([
  ['ann', 'Ann'],
  ['bob', 'Bob'],
]);

describe("The S brain's context", () => {
  it("gives the post, the question's chain, the latest comments, the question and the post's public images", () => {
    const { messages, imageCount } = buildContext(thread, request('c2'), names);
    expect(messages[0]!.role).toBe('system');
    const parts = messages[1]!.content as { type: string; text?: string; image_url?: { url: string } }[];
    const text = parts[0]!.text!;
    expect(text).toContain('Post by Ann (category design, priority high, skill needed: Logo design):\nHow do I price a logo?');
    expect(text).toContain('- Bob: Charge by the hour'); // the chain, though older than the latest ten
    expect(text).toContain('  - Ann (reply): What rate though?');
    expect(text).not.toContain('Noise 0'); // neither in the chain nor among the latest
    expect(text).toContain('Noise 11');
    expect(text).toContain('Comments (14 in all):');
    expect(text.endsWith('Ann asks you:\n@The S brain what rate?')).toBe(true);
    // Images only, absolute URLs only, at most MAX_CONTEXT_IMAGES.
    expect(imageCount).toBe(MAX_CONTEXT_IMAGES);
    expect(parts.slice(1).map((p) => p.image_url!.url)).toEqual([
      'https://cdn.example.com/a.png',
      'https://cdn.example.com/0.png',
      'https://cdn.example.com/1.png',
      'https://cdn.example.com/2.png',
    ]);
  });

  it('sends plain text when the post has no image, and names members it does not know neutrally', () => {
    const { messages, imageCount } = buildContext({ ...thread, mediaAttachments: [], comments: [comment('c9', 'zed', 'Hi')] }, request(null), names);
    expect(imageCount).toBe(0);
    expect(messages[1]!.content).toContain('- A member: Hi');
    expect(messages[1]!.content).toContain('Ann asks you in the post itself:');
  });
});
